import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import AxisType, NamedSharding

from layers import ParallelMLP
from train import make_train_step

mesh = jax.make_mesh((2, 2), ('data', 'model'), axis_types=(AxisType.Auto, AxisType.Auto))


@nnx.jit
def evaluate(model, x, y):
  return jnp.mean((model(x) - y) ** 2)


def main():
  with jax.set_mesh(mesh):
    model = ParallelMLP(32, 128, rngs=nnx.Rngs(0))
  graphdef, params = nnx.split(model, nnx.Param)
  specs = nnx.get_partition_spec(params)
  params = jax.device_put(params, jax.tree.map(lambda s: NamedSharding(mesh, s), specs))
  tx = optax.adam(1e-3)
  step = make_train_step(graphdef, specs, mesh, tx)
  x, y = jnp.ones((8, 32)), jnp.zeros((8, 32))
  step.trace(params, tx.init(params), x, y).lower(lowering_platforms=('cuda',))

  eval_model = nnx.merge(graphdef, params)
  evaluate.trace(eval_model, x, y).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
