"""A data-parallel eval step written for Flax 0.11's nnx.shard_map (check_rep=), run with 0.12."""
from functools import partial

import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4,), ("data",), axis_types=(jax.sharding.AxisType.Auto,))


@nnx.jit
@partial(nnx.shard_map, mesh=mesh, in_specs=(P(), P("data")), out_specs=P(),
         check_vma=False)
def eval_loss(model, x):
    return jax.lax.pmean(jnp.mean(model(x) ** 2), "data")


if __name__ == "__main__":
    model = nnx.Linear(16, 4, rngs=nnx.Rngs(0))
    eval_loss.trace(model, jnp.ones((8, 16))).lower(lowering_platforms=("cuda",))
