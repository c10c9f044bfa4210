import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import AxisType, PartitionSpec as P

from model import ParallelMLP


def param_specs(params):
  specs = jax.tree.map(lambda _: P(), params)
  specs = eqx.tree_at(lambda m: (m.up.weight, m.up.bias, m.down.weight), specs,
                      (P("model", None), P("model"), P(None, "model")))
  return specs


def main():
  mesh = jax.make_mesh((2, 2), ("data", "model"), axis_types=(AxisType.Auto,) * 2)
  model = ParallelMLP(16, 64, jax.random.key(0))
  params, static = eqx.partition(model, eqx.is_array)

  def fwd(params, x):
    m = eqx.combine(params, static)
    return m.local(x, "model")

  sharded = jax.shard_map(fwd, mesh=mesh, in_specs=(param_specs(params), P("data", None)),
                          out_specs=P("data", None))
  x = jnp.ones((8, 16))
  jax.jit(sharded).trace(params, x).lower(lowering_platforms=("cuda",))


if __name__ == "__main__":
  main()
