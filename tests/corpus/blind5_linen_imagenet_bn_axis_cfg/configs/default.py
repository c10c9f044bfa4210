"""Default hyperparameters, in the shape of the example's ml_collections config."""
import types


def get_config():
  config = types.SimpleNamespace()
  config.model = 'ResNet10'
  config.num_classes = 10
  config.image_size = 16
  config.learning_rate = 0.1
  config.momentum = 0.9
  config.per_device_batch_size = 2
  # name of the pmapped device axis used for gradient and metric averaging
  config.pmap_axis_name = 'devices'
  return config
