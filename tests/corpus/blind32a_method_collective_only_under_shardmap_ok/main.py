from functools import partial

import equinox as eqx
import jax
import jax.numpy as jnp
from equinox import filter_jit as fjit
from jax.sharding import AxisType, PartitionSpec as P

from nets import Classifier

mesh = jax.make_mesh((4,), ("data",), axis_types=(AxisType.Auto,))
model = Classifier(jax.random.key(0))
params, static = eqx.partition(model, eqx.is_array)
pspec = jax.tree.map(lambda _: P(), params)


@fjit
def evaluate(model, x, y):
    # single program over the sharded batch; no collectives here
    return model.local_accuracy(x, y)


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(pspec, P("data"), P("data")), out_specs=(P(), pspec))
def loss_and_grad(params, x, y):
    loss, grads = jax.value_and_grad(
        lambda p: eqx.combine(p, static).global_loss(x, y)
    )(params)
    return loss, jax.lax.psum(grads, "data")


x = jnp.ones((32, 20))
y = jnp.zeros((32,), jnp.int32)
print(loss_and_grad.trace(params, x, y).lower(lowering_platforms=("cuda",)) is not None)
ev = jax.jit(lambda p, x, y: evaluate(eqx.combine(p, static), x, y))
print(ev.trace(params, x, y).lower(lowering_platforms=("cuda",)) is not None)
