import jax


def create_device_mesh(config):
  return jax.make_mesh(config.mesh_shape, (config.batch_axis, config.model_axis))
