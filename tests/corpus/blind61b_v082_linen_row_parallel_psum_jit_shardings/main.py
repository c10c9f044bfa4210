import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

from tp_layers import ParallelMLP

mesh = jax.make_mesh((2, 2), ("data", "model"))
model = ParallelMLP(hidden_per_shard=2048, out=256)

PARAM_SPECS = {"params": {"fc1": {"kernel": P(None, "model")},
                          "fc2": {"kernel": P("model", None)}}}
param_shardings = jax.tree.map(lambda s: NamedSharding(mesh, s), PARAM_SPECS)
x_sharding = NamedSharding(mesh, P("data", None))

init_fn = jax.jit(model.init, in_shardings=(NamedSharding(mesh, P()), x_sharding),
                  out_shardings=param_shardings)
apply_fn = jax.jit(model.apply, in_shardings=(param_shardings, x_sharding),
                   out_shardings=x_sharding)


def main():
  x = jax.ShapeDtypeStruct((64, 256), jnp.float32, sharding=x_sharding)
  variables = jax.eval_shape(init_fn, jax.random.key(0), x)
  apply_fn.trace(variables, x).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
  main()
