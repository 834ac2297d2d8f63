package dev.rvl.bench;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import dev.rvl.testsupport.ChildProcess;

/**
 * Everything measured for one variant, before it is shaped into the report.
 *
 * @param variant the variant
 * @param error why it could not be measured, or {@code null}
 * @param app how the app ran (command, startup), or {@code null}
 * @param warmup what the warm-up did, or {@code null}
 * @param stopped how the app stopped, or {@code null}
 * @param recording what Gatling recorded, or {@code null}
 * @param samples the sampler's readings
 * @param observed settings read from the app's metrics once it was ready
 * @param config the app's configuration files (flattened), for the settings table
 * @param gatlingReport path of Gatling's report relative to the results directory, or
 * {@code null}
 * @param gatlingExitCode Gatling's exit code
 * @param appExitedDuringLoad the app's exit code if it exited while under load (the
 * runner stops it only afterwards), else {@code null}
 * @param instruments what the app's own instruments recorded
 * @param repetition which repetition of the comparison (1 = the first)
 * @param search the knee search's probes after the stairs (empty when not searched)
 */
record VariantResult(Variant variant, String error, AppProcess app, Warmup.Result warmup, ChildProcess.Stopped stopped,
		Recording recording, List<Sample> samples, Map<String, String> observed, Map<String, String> config,
		String gatlingReport, int gatlingExitCode, Integer appExitedDuringLoad, Instruments instruments, int repetition,
		List<KneeSearch.Probe> search) {

	VariantResult {
		samples = List.copyOf(samples);
		instruments = (instruments != null) ? instruments : Instruments.NONE;
		search = (search != null) ? List.copyOf(search) : List.of();
	}

	static VariantResult failed(Variant variant, String error, AppProcess app, List<Sample> samples,
			Map<String, String> config, int repetition) {
		return new VariantResult(variant, error, app, null, null, null, samples, Map.of(), config, null, -1, null,
				Instruments.NONE, repetition, List.of());
	}

	boolean measured() {
		return this.error == null && this.recording != null;
	}

	/**
	 * What the runner learnt from inside the app: full thread names, its GC log and its
	 * CPU profile.
	 *
	 * @param threadNames full thread names by OS thread id (read after the load)
	 * @param gc the pauses of its GC log
	 * @param profile its async-profiler recording, or {@code null} when not profiled
	 * @param directory where the variant's files are, or {@code null}
	 */
	record Instruments(Map<Long, String> threadNames, GcLog gc, Path profile, Path directory) {

		static final Instruments NONE = new Instruments(Map.of(), new GcLog(List.of()), null, null);

		Instruments {
			threadNames = Map.copyOf(threadNames);
		}

	}

}
