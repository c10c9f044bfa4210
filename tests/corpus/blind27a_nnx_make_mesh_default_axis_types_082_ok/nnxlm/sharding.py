import jax


def make_mesh(cfg):
  # devices laid out by jax.make_mesh; axis types left at the default
  return jax.make_mesh(cfg.shape, cfg.axes)
