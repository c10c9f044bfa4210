import ml_collections_like as mc


def get_config():
  config = mc.ConfigDict()
  config.num_classes = 10
  config.learning_rate = 0.1
  config.momentum = 0.9
  config.per_device_batch = 4
  config.bn_axis_name = 'devices'
  config.pmap_axis_name = 'batch'
  return config
