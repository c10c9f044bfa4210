"""Data parallel over devices ('data') and vectorised over examples on each device ('batch'):
the BatchNorm statistics are reduced over both axes at once."""
import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

from net import Model

mesh = jax.make_mesh((4,), ("data",))
model, state = eqx.nn.make_with_state(Model)(jax.random.key(0), axis_name=("data", "batch"))
params, static = eqx.partition(model, eqx.is_inexact_array)


def local_loss(params, state, xs, ys):
    model = eqx.combine(params, static)
    batched = eqx.filter_vmap(model, axis_name="batch", in_axes=(0, None), out_axes=(0, None))
    pred, state = batched(xs, state)
    loss = jax.lax.pmean(jnp.mean((pred - ys) ** 2), "data")
    return loss, state


sharded_loss = jax.shard_map(local_loss, mesh=mesh,
                             in_specs=(P(), P(), P("data"), P("data")),
                             out_specs=(P(), P()))


@jax.jit
def eval_step(params, state, xs, ys):
    return sharded_loss(params, state, xs, ys)


xs, ys = jnp.ones((64, 3)), jnp.zeros((64, 3))
print(eval_step.trace(params, state, xs, ys).lower(lowering_platforms=("cuda",)).as_text()[:20])
