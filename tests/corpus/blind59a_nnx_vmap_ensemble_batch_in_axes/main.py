"""Deep-ensemble regression (NNX transforms guide, 'vmap over an ensemble of models')."""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx
from jax.sharding import NamedSharding, PartitionSpec as P

from ensemble import create_ensemble, ensemble_forward


@nnx.jit
def train_step(ensemble, optimizer, x, y):
  def loss_fn(ensemble):
    preds = ensemble_forward(ensemble, x)
    return jnp.mean((preds - y[None]) ** 2)

  loss, grads = nnx.value_and_grad(loss_fn)(ensemble)
  optimizer.update(ensemble, grads)
  return loss


def main():
  mesh = jax.make_mesh((4,), ('data',), axis_types=(jax.sharding.AxisType.Auto,))
  ensemble = create_ensemble(nnx.Rngs(0))
  optimizer = nnx.Optimizer(ensemble, optax.adam(3e-4), wrt=nnx.Param)
  batch = NamedSharding(mesh, P('data'))
  x = jax.ShapeDtypeStruct((256, 16), jnp.float32, sharding=batch)
  y = jax.ShapeDtypeStruct((256, 1), jnp.float32, sharding=batch)
  train_step.trace(ensemble, optimizer, x, y).lower(lowering_platforms=('tpu',))


if __name__ == '__main__':
  main()
