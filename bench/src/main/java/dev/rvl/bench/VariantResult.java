package dev.rvl.bench;

import java.util.List;
import java.util.Map;

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
 */
record VariantResult(Variant variant, String error, AppProcess app, Warmup.Result warmup, ChildProcess.Stopped stopped,
		Recording recording, List<Sample> samples, Map<String, String> observed, Map<String, String> config,
		String gatlingReport, int gatlingExitCode, Integer appExitedDuringLoad) {

	VariantResult {
		samples = List.copyOf(samples);
	}

	static VariantResult failed(Variant variant, String error, AppProcess app, List<Sample> samples,
			Map<String, String> config) {
		return new VariantResult(variant, error, app, null, null, null, samples, Map.of(), config, null, -1, null);
	}

	boolean measured() {
		return this.error == null && this.recording != null;
	}

}
