"""Recompute BatchNorm statistics on a few clean batches after training (e.g. after SWA)."""
import jax
import jax.numpy as jnp

from resnet import ResNet

model = ResNet()
images = jnp.zeros((8, 16, 16, 3))
variables = model.init(jax.random.key(0), images, train=False)


def recalibrate(variables, batches):
  def body(batch_stats, images):
    _, updates = model.apply({'params': variables['params'], 'batch_stats': batch_stats},
                             images, train=True, mutable=['batch_stats'])
    return updates['batch_stats'], None

  batch_stats, _ = jax.lax.scan(body, variables['batch_stats'], batches)
  return {'params': variables['params'], 'batch_stats': batch_stats}


batches = jnp.zeros((4, 8, 16, 16, 3))
jax.jit(recalibrate).trace(variables, batches).lower(lowering_platforms=("cuda",))
