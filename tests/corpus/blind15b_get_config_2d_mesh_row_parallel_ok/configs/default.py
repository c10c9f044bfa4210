from types import SimpleNamespace


def get_config():
  config = SimpleNamespace()
  config.mesh = SimpleNamespace(shape=(2, 2), data_axis='replica', model_axis='tensor')
  config.model = SimpleNamespace(d_model=16, d_ff=32)
  config.batch_size = 8
  return config
