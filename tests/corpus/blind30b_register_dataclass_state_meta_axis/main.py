"""Hand-rolled SGD-with-momentum state as a jax.tree_util.register_dataclass pytree: arrays in the
data fields (an optional EMA that may be None), the mesh axis name and shard count as metadata.
The step runs under jax.shard_map and reads its axis from the state."""
import dataclasses
import functools
from typing import Optional

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


@functools.partial(jax.tree_util.register_dataclass,
                   data_fields=['params', 'momentum', 'step', 'ema'],
                   meta_fields=['axis_name', 'num_shards'])
@dataclasses.dataclass
class TrainState:
    params: dict
    momentum: dict
    step: jax.Array
    ema: Optional[dict]
    axis_name: str
    num_shards: int


def init_state(key, axis_name, num_shards, use_ema=False):
    k1, k2 = jax.random.split(key)
    params = {'w': jax.random.normal(k1, (16, 4)) * 0.1, 'b': jnp.zeros((4,))}
    return TrainState(params=params, momentum=jax.tree_util.tree_map(jnp.zeros_like, params),
                      step=jnp.zeros((), jnp.int32), ema=params if use_ema else None,
                      axis_name=axis_name, num_shards=num_shards)


def loss_fn(params, x, y):
    return jnp.mean((x @ params['w'] + params['b'] - y) ** 2)


def step(state: TrainState, x, y):
    grads = jax.grad(loss_fn)(state.params, x, y)
    grads = jax.tree_util.tree_map(lambda g: jax.lax.psum(g, state.axis_name) / state.num_shards, grads)
    mom = jax.tree_util.tree_map(lambda m, g: 0.9 * m + g, state.momentum, grads)
    params = jax.tree_util.tree_map(lambda p, m: p - 0.01 * m, state.params, mom)
    ema = None if state.ema is None else jax.tree_util.tree_map(
        lambda e, p: 0.99 * e + 0.01 * p, state.ema, params)
    return dataclasses.replace(state, params=params, momentum=mom, step=state.step + 1, ema=ema)


mesh = jax.make_mesh((4,), ('data',))
state = init_state(jax.random.key(0), 'data', mesh.shape['data'])
state = jax.device_put(state, NamedSharding(mesh, P()))
x = jax.device_put(jnp.ones((32, 16)), NamedSharding(mesh, P('data')))
y = jax.device_put(jnp.ones((32, 4)), NamedSharding(mesh, P('data')))

train = jax.jit(jax.shard_map(step, mesh=mesh, in_specs=(P(), P('data'), P('data')), out_specs=P()),
                donate_argnums=0)
print(train.trace(state, x, y).lower(lowering_platforms=('cuda',)) is not None)
