"""Manual over 'data' only, with the out_specs a parenthesised tuple before `axis_names=`: the
loss is averaged over 'model' too, which the shard_map leaves to the compiler."""
from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((2, 2), ("data", "model"), axis_types=(jax.sharding.AxisType.Auto,) * 2)


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P("data")),
         out_specs=(P(), P()), axis_names={"data"})
def loss_and_grads(w, x):
    loss, grads = jax.value_and_grad(lambda w: jnp.mean((x @ w) ** 2))(w)
    return jax.lax.pmean(loss, ("data", "model")), jax.lax.pmean(grads, "data")


if __name__ == "__main__":
    loss_and_grads.trace(jnp.ones((16, 4)), jnp.ones((8, 16))).lower(lowering_platforms=("cuda",))
