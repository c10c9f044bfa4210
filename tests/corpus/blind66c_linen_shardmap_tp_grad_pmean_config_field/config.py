"""ml_collections-style config (attribute access on nested dicts)."""


class ConfigDict(dict):
  __getattr__ = dict.__getitem__
  __setattr__ = dict.__setitem__


def get_config():
  cfg = ConfigDict()

  cfg.parallel = ConfigDict()
  cfg.parallel.mesh_shape = (2, 2)
  cfg.parallel.dp_axis = "dp"
  cfg.parallel.tp_axis = "tp"

  cfg.data = ConfigDict()
  cfg.data.global_batch_size = 16
  cfg.data.seq_len = 32
  cfg.data.batch_axis = "batch"    # logical name of the example axis (input pipeline)

  cfg.model = ConfigDict()
  cfg.model.d_model = 128
  cfg.model.d_ff = 512
  cfg.model.num_layers = 2

  cfg.optim = ConfigDict()
  cfg.optim.learning_rate = 1e-3
  return cfg
