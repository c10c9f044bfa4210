"""Run configuration (plain dict, overridable from the command line)."""

CONFIG = {
    "mesh": {"shape": (2, 2), "axes": ("data", "model")},
    # example axis of activations is split over these mesh axes
    "batch_axes": ("data",),
    # hidden (d_ff) axis of activations / weights
    "mlp_axis": "model",
    "d_model": 256,
    "d_ff": 1024,
    "num_layers": 2,
    "batch_size": 16,
    "seq_len": 128,
    "lr": 1e-3,
}
