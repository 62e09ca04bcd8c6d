package org.jgwire.output.parquet;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.statistics.Statistics;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * One leaf column of the file (a primitive field, nested ones included) while a row group is filled: the levels and
 * values of the page being filled, the pages already encoded, and the column's dictionary. Pages end at a row's end,
 * once their values reach {@link ParquetRecordFile.Sizes#pageBytes} or their levels
 * {@link ParquetRecordFile.Sizes#pageLevels}. Strings of few distinct values are dictionary-encoded until the
 * dictionary reaches {@link ParquetRecordFile.Sizes#dictionaryBytes}, then written plain for the rest of the row
 * group, as parquet-java's own writer does. Numbers get their pages' minimum, maximum and null count (readers skip
 * pages and row groups by them: times, frame numbers); strings and booleans get no statistics, which readers take as
 * "unknown". A row group's chunk is Snappy-compressed when its first page shrinks to half or less
 * ({@link #WORTH_COMPRESSING}): numbers and header fields shrink tenfold, while payload text and hex shrink by a
 * tenth and a third at most, and compressing them cost more CPU than the rest of the writer.
 */
final class LeafColumn {
    /** The share a page must shrink by for its chunk to be compressed. */
    static final double WORTH_COMPRESSING = 0.5;

    private final ColumnDescriptor descriptor;
    private final PrimitiveTypeName type;
    private final int maxRep;
    private final int maxDef;
    private final boolean dictionaryWanted;
    private final PageCompressor snappy;
    private final ParquetRecordFile.Sizes sizes;

    // --- the page being filled ---
    private int[] rep = new int[1024];
    private int[] def = new int[1024];
    private int levels;
    private int rows;
    private final PageBytes values = new PageBytes(1 << 16);
    /** The page being encoded and compressed, kept for the next one. */
    private final PageBytes page = new PageBytes(1 << 16);

    private int[] ids = new int[1024];
    private int idCount;
    private int nulls;
    private long min = Long.MAX_VALUE;
    private long max = Long.MIN_VALUE;

    // --- the row group ---
    private final List<Page> pages = new ArrayList<>();
    /** The row group's pages of this column, one after the other as they go to the file; kept for the next one. */
    private final PageBytes chunk = new PageBytes(1 << 16);

    private long levelCount;
    /** Whether this row group's chunk is compressed: null until its first page has shown whether that pays. */
    private Boolean compressed;

    private boolean dictionaryOn;
    private boolean fallBack;
    private final Map<String, Integer> dictionary = new HashMap<>();
    private final PageBytes dictionaryValues = new PageBytes(1 << 12);
    /**
     * The last strings looked up and their ids, compared by identity: most values come back as the very same
     * instance (a member's name, an endpoint's text, a protocol's), and a few references fit in a cache line.
     */
    private static final int RECENT = 8;

    private final String[] recent = new String[RECENT];
    private final int[] recentIds = new int[RECENT];
    private int nextRecent;

    /** A page encoded and compressed, waiting for its row group to be written. */
    private record Page(
            int offset,
            int length,
            int uncompressedSize,
            int levels,
            int rows,
            Encoding encoding,
            Statistics<?> stats) {}

    LeafColumn(ColumnDescriptor descriptor, boolean dictionary, PageCompressor snappy, ParquetRecordFile.Sizes sizes) {
        this.sizes = sizes;
        this.descriptor = descriptor;
        this.type = descriptor.getPrimitiveType().getPrimitiveTypeName();
        this.maxRep = descriptor.getMaxRepetitionLevel();
        this.maxDef = descriptor.getMaxDefinitionLevel();
        this.dictionaryWanted = dictionary;
        this.dictionaryOn = dictionary;
        this.snappy = snappy;
    }

    int maxDefinitionLevel() {
        return maxDef;
    }

    // --- values, each with its repetition level ---

    /** An entry without a value: a null at definition level {@code d} (a null list, an empty one, a null field). */
    void none(int r, int d) {
        level(r, d);
        nulls++;
    }

    void string(int r, String s) {
        level(r, maxDef);
        if (dictionaryOn) {
            int id = -1;
            for (int k = 0; k < RECENT; k++)
                if (recent[k] == s) {
                    id = recentIds[k];
                    break;
                }
            if (id < 0) id = dictionaryId(s);
            if (idCount == ids.length) ids = Arrays.copyOf(ids, idCount * 2);
            ids[idCount++] = id;
        } else {
            byte[] b = s.getBytes(StandardCharsets.UTF_8);
            values.writeIntLE(b.length);
            values.write(b, 0, b.length);
        }
    }

    /** The string's id in the dictionary, added if new; remembered by identity for the next time. */
    private int dictionaryId(String s) {
        Integer id = dictionary.get(s);
        if (id == null) {
            id = dictionary.size();
            dictionary.put(s, id);
            byte[] b = s.getBytes(StandardCharsets.UTF_8);
            dictionaryValues.writeIntLE(b.length);
            dictionaryValues.write(b, 0, b.length);
            if (dictionaryValues.size() > sizes.dictionaryBytes()) fallBack = true; // at the row's end
        }
        recent[nextRecent] = s;
        recentIds[nextRecent] = id;
        nextRecent = (nextRecent + 1) & (RECENT - 1);
        return id;
    }

    /** A string given in UTF-8. */
    void utf8(int r, byte[] bytes) {
        ascii(r, bytes, bytes.length);
    }

    /** A string given as ASCII (or UTF-8) bytes {@code [0, length)}. */
    void ascii(int r, byte[] bytes, int length) {
        if (dictionaryOn) {
            string(r, new String(bytes, 0, length, StandardCharsets.UTF_8));
            return;
        }
        level(r, maxDef);
        values.writeIntLE(length);
        values.write(bytes, 0, length);
    }

    /** Bytes as a string of lower-case hex digits. */
    void hex(int r, byte[] bytes) {
        if (dictionaryOn) {
            string(r, HexFormat.of().formatHex(bytes));
            return;
        }
        level(r, maxDef);
        values.writeIntLE(2 * bytes.length);
        values.writeHex(bytes);
    }

    void int64(int r, long v) {
        level(r, maxDef);
        values.writeLongLE(v);
        range(v);
    }

    void int32(int r, int v) {
        level(r, maxDef);
        values.writeIntLE(v);
        range(v);
    }

    void bool(int r, boolean v) {
        level(r, maxDef);
        if (idCount == ids.length) ids = Arrays.copyOf(ids, idCount * 2);
        ids[idCount++] = v ? 1 : 0;
    }

    private void level(int r, int d) {
        if (levels == rep.length) {
            rep = Arrays.copyOf(rep, levels * 2);
            def = Arrays.copyOf(def, levels * 2);
        }
        if (maxRep > 0) rep[levels] = r; // a column outside lists has no repetition levels to write
        def[levels] = d;
        levels++;
    }

    private void range(long v) {
        if (v < min) min = v;
        if (v > max) max = v;
    }

    /**
     * The entries of {@code n} more rows are all in: the page ends here if it is full, the dictionary is left if it
     * overflowed. Asked every few rows rather than every row (a page or dictionary grows a few rows past its size).
     */
    void endRows(int n) {
        rows += n;
        if (fallBack) {
            endPage();
            dictionaryOn = false;
            fallBack = false;
        } else if (values.size() >= sizes.pageBytes() || levels >= sizes.pageLevels()) endPage();
    }

    /** Bytes the row group holds for this column so far (compressed pages, and the page being filled). */
    long bufferedBytes() {
        return chunk.size() + values.size() + dictionaryValues.size() + 4L * (levels + idCount);
    }

    // --- pages ---

    private void endPage() {
        if (levels == 0) return;
        Encoding encoding = dictionaryOn && idCount > 0 && type != PrimitiveTypeName.BOOLEAN
                ? Encoding.RLE_DICTIONARY
                : Encoding.PLAIN;
        int at = chunk.size();
        int size;
        if (Boolean.FALSE.equals(compressed)) size = assemble(chunk, encoding); // straight into the chunk
        else {
            size = assemble(page.reset(), encoding);
            int packed = snappy.compress(page.array(), size, chunk);
            if (compressed == null) compressed = packed <= size * (1 - WORTH_COMPRESSING);
            if (!compressed) {
                chunk.truncate(at);
                chunk.write(page);
            }
        }
        pages.add(new Page(at, chunk.size() - at, size, levels, rows, encoding, statistics()));
        levelCount += levels;
        levels = rows = idCount = nulls = 0;
        values.reset();
        min = Long.MAX_VALUE;
        max = Long.MIN_VALUE;
    }

    /** Writes the page being filled as a data page v1 (levels, then values) at {@code out}'s end; returns its size. */
    private int assemble(PageBytes out, Encoding encoding) {
        int from = out.size();
        if (maxRep > 0) levelsOf(rep, LevelRuns.bitWidth(maxRep), out);
        levelsOf(def, LevelRuns.bitWidth(maxDef), out);
        if (type == PrimitiveTypeName.BOOLEAN) packBits(out);
        else if (encoding == Encoding.RLE_DICTIONARY) {
            int width = LevelRuns.bitWidth(dictionary.size() - 1);
            out.writeByte(width);
            LevelRuns.encode(ids, idCount, width, out);
        } else out.write(values);
        return out.size() - from;
    }

    /** A data page v1's levels: their encoded length, then the runs. */
    private void levelsOf(int[] l, int width, PageBytes page) {
        int at = page.size();
        page.writeIntLE(0);
        LevelRuns.encode(l, levels, width, page);
        page.setIntLE(at, page.size() - at - 4);
    }

    /** PLAIN booleans: one bit each, least significant first. */
    private void packBits(PageBytes page) {
        for (int i = 0; i < idCount; i += 8) {
            int b = 0;
            for (int k = 0; k < 8 && i + k < idCount; k++) b |= ids[i + k] << k;
            page.writeByte(b);
        }
    }

    private Statistics<?> statistics() {
        Statistics.Builder b = Statistics.getBuilderForReading(descriptor.getPrimitiveType());
        if (type != PrimitiveTypeName.INT64 && type != PrimitiveTypeName.INT32) return b.build(); // empty: none written
        b.withNumNulls(nulls);
        if (min <= max) {
            PageBytes m = new PageBytes(16);
            if (type == PrimitiveTypeName.INT64) {
                m.writeLongLE(min);
                m.writeLongLE(max);
                b.withMin(Arrays.copyOfRange(m.array(), 0, 8)).withMax(Arrays.copyOfRange(m.array(), 8, 16));
            } else {
                m.writeIntLE((int) min);
                m.writeIntLE((int) max);
                b.withMin(Arrays.copyOfRange(m.array(), 0, 4)).withMax(Arrays.copyOfRange(m.array(), 4, 8));
            }
        }
        return b.build();
    }

    // --- the row group written ---

    /** Writes the row group's chunk of this column (its dictionary first), then starts the next row group empty. */
    void writeTo(ParquetFileWriter file) throws IOException {
        endPage();
        boolean packed = Boolean.TRUE.equals(compressed);
        file.startColumn(
                descriptor, levelCount, packed ? CompressionCodecName.SNAPPY : CompressionCodecName.UNCOMPRESSED);
        if (!dictionary.isEmpty()) {
            BytesInput d = BytesInput.from(dictionaryValues.array(), 0, dictionaryValues.size());
            if (packed) {
                page.reset();
                snappy.compress(dictionaryValues.array(), dictionaryValues.size(), page);
                d = BytesInput.from(page.array(), 0, page.size());
            }
            file.writeDictionaryPage(new DictionaryPage(d, dictionaryValues.size(), dictionary.size(), Encoding.PLAIN));
        }
        for (Page p : pages)
            file.writeDataPage(
                    p.levels(),
                    p.uncompressedSize(),
                    BytesInput.from(chunk.array(), p.offset(), p.length()),
                    p.stats(),
                    p.rows(),
                    Encoding.RLE,
                    Encoding.RLE,
                    p.encoding());
        file.endColumn();
        pages.clear();
        chunk.reset();
        levelCount = 0;
        compressed = null;
        dictionary.clear();
        Arrays.fill(recent, null);
        dictionaryValues.reset();
        dictionaryOn = dictionaryWanted;
        fallBack = false;
    }
}
