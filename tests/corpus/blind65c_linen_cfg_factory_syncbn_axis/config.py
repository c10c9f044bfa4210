"""Default hyperparameters (ml_collections-style, without the dependency)."""


class ConfigDict(dict):
  """Tiny stand-in for ml_collections.ConfigDict: attribute access on a dict."""

  def __getattr__(self, name):
    try:
      return self[name]
    except KeyError as e:
      raise AttributeError(name) from e

  def __setattr__(self, name, value):
    self[name] = value


def get_config():
  config = ConfigDict()

  config.mesh = ConfigDict()
  config.mesh.axes = ("batch",)

  config.model = ConfigDict()
  config.model.name = "resnet_tiny"
  config.model.widths = (16, 32)
  config.model.num_classes = 10
  config.model.bn_momentum = 0.9
  # cross-replica batch norm: statistics are averaged over this mesh axis
  config.model.bn_axis = "data"

  config.learning_rate = 0.1
  config.momentum = 0.9
  config.global_batch_size = 32
  config.image_size = 16
  return config
