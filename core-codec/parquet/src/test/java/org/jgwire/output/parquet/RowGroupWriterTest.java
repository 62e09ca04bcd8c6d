package org.jgwire.output.parquet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.apache.parquet.format.ColumnMetaData;
import org.apache.parquet.format.CompressionCodec;
import org.apache.parquet.format.Encoding;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.PageEncodingStats;
import org.apache.parquet.format.PageType;
import org.apache.parquet.format.RowGroup;
import org.apache.parquet.format.Util;
import org.jgwire.codec.model.Payload;
import org.jgwire.output.table.PayloadCell;
import org.jgwire.output.table.RecordTable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The file's layout as its footer tells it (read by parquet-java's own footer classes): row groups cut by size,
 * pages cut by entries, a dictionary left for plain values once it fills up, compression only where it pays. The
 * values themselves are read back by DuckDB in ParquetOutputTest.
 */
class RowGroupWriterTest {
    @TempDir
    Path work;

    @Test
    void rowGroupsPagesAndDictionariesEndWhereTheirSizesSay() throws IOException {
        Path file = work.resolve("rows.parquet");
        RowGroupWriter writer = new RowGroupWriter(file, new ParquetRecordFile.Sizes(2_000, 50, 300, 20_000));
        int rows = 3_000;
        for (int i = 0; i < rows; i++) writer.write(row(i));
        writer.finish();
        List<RowGroup> groups = footer(file).getRow_groups();
        assertTrue(groups.size() > 3, "row groups cut at 20,000 bytes: " + groups.size());
        assertEquals(rows, groups.stream().mapToLong(RowGroup::getNum_rows).sum());
        RowGroup first = groups.get(0);
        assertEquals(RecordSchema.SCHEMA.getColumns().size(), first.getColumns().size());
        ColumnMetaData src = chunk(first, "src");
        assertTrue(
                dataPages(src, Encoding.RLE_DICTIONARY) > 0 && dataPages(src, Encoding.PLAIN) > 0,
                "a dictionary of new names fills at 300 bytes, then plain: " + src.getEncoding_stats());
        ColumnMetaData kind = chunk(first, "kind");
        assertTrue(dataPages(kind, Encoding.RLE_DICTIONARY) > 1, "pages of about 50 entries (looked at every 16 rows)");
        assertEquals(0, dataPages(kind, Encoding.PLAIN), "one kind: its dictionary never fills");
        assertEquals(CompressionCodec.SNAPPY, chunk(first, "ts_ns").getCodec(), "times shrink");
        assertEquals(CompressionCodec.UNCOMPRESSED, chunk(first, "payload.text").getCodec(), "random text does not");
    }

    private static FileMetaData footer(Path file) throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        int length = ByteBuffer.wrap(bytes, bytes.length - 8, 4)
                .order(ByteOrder.LITTLE_ENDIAN)
                .getInt();
        return Util.readFileMetaData(new ByteArrayInputStream(bytes, bytes.length - 8 - length, length));
    }

    private static ColumnMetaData chunk(RowGroup group, String path) {
        return group.getColumns().stream()
                .map(c -> c.getMeta_data())
                .filter(m -> String.join(".", m.getPath_in_schema()).equals(path))
                .findFirst()
                .orElseThrow();
    }

    private static int dataPages(ColumnMetaData chunk, Encoding encoding) {
        int n = 0;
        for (PageEncodingStats s : chunk.getEncoding_stats())
            if (s.getPage_type() == PageType.DATA_PAGE && s.getEncoding() == encoding) n += s.getCount();
        return n;
    }

    /** A row with a kind, a frame and its time, a new member name every row, and a payload of random text. */
    private static Object[] row(int i) {
        Object[] row = new Object[RecordTable.COLUMNS.size()];
        row[index("kind")] = "message";
        row[index("frame")] = (long) i / 10; // ten messages a frame, as a bundle holds them: times repeat
        row[index("ts_ns")] = 1_700_000_000_000_000_000L + 1_000L * (i / 10);
        row[index("src")] = "member-" + i;
        byte[] text = new byte[40];
        Random random = new Random(i);
        for (int k = 0; k < text.length; k++) text[k] = (byte) (' ' + random.nextInt(95));
        row[index("payload")] = new PayloadCell(Payload.ofPrintableAscii(
                text.length, text.length, new byte[] {1, 2}, null, text, 0, text.length, 1_000));
        return row;
    }

    private static int index(String column) {
        for (int i = 0; i < RecordTable.COLUMNS.size(); i++)
            if (RecordTable.COLUMNS.get(i).name().equals(column)) return i;
        throw new IllegalArgumentException(column);
    }
}
