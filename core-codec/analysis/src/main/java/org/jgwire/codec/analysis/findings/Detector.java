package org.jgwire.codec.analysis.findings;

import java.util.List;
import org.jgwire.codec.analysis.Analysis;

/**
 * An analysis whose result is findings: what went wrong in the cluster, each with its proof frames. Registered in
 * the one list of analyses ({@code registry.Analyses}), like any analysis, given the analyses it builds on when it is
 * made; {@code diagnose} shows the findings of every detector there.
 *
 * <p>A detector concludes only what the frames prove, and stays silent on every clean capture: what it calls a
 * fault must have been seen on a fault made for real.
 */
public interface Detector extends Analysis<List<Finding>> {}
