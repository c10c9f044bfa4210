from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

from tp_layers import ParallelMLP

mesh = jax.make_mesh((2, 2), ("data", "model"))
model = ParallelMLP(hidden_per_shard=512, out=256)

PARAM_SPECS = {"params": {"fc1": {"kernel": P(None, "model")},
                          "fc2": {"kernel": P("model", None)}}}


@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P("data", None)),
         out_specs=PARAM_SPECS, check_vma=False)
def sharded_init(rng, x):
  rng = jax.random.fold_in(rng, jax.lax.axis_index("model"))
  return model.init(rng, x)


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(PARAM_SPECS, P("data", None)),
         out_specs=P("data", None))
def forward(variables, x):
  return model.apply(variables, x)


def main():
  x = jax.ShapeDtypeStruct((64, 256), jnp.float32,
                           sharding=NamedSharding(mesh, P("data", None)))
  variables = jax.eval_shape(sharded_init, jax.random.key(0), x)
  lowered = forward.trace(variables, x).lower(lowering_platforms=("tpu",))
  print(lowered.as_text()[:200])


if __name__ == "__main__":
  main()
