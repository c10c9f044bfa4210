"""A flax.struct.dataclass train state with an optional EMA copy (None when disabled) and a static
config field; the jit step gets a sharding pytree that mirrors the state, None where the EMA is."""
from functools import partial
from typing import Any, Optional

import jax
import jax.numpy as jnp
import optax
from flax import struct
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P


@struct.dataclass
class State:
    params: Any
    opt_state: Any
    ema: Optional[Any]
    step: jax.Array
    tx: optax.GradientTransformation = struct.field(pytree_node=False)
    ema_decay: float = struct.field(pytree_node=False, default=0.999)


mesh = Mesh(jax.devices(), ('fsdp',))
params = {'embed': jnp.zeros((256, 64)), 'proj': jnp.zeros((64, 256)), 'scale': jnp.ones((64,))}
tx = optax.lion(1e-4)
state = State(params=params, opt_state=tx.init(params), ema=None, step=jnp.array(0), tx=tx)

param_spec = {'embed': P('fsdp', None), 'proj': P(None, 'fsdp'), 'scale': P()}
to_sharding = lambda spec: NamedSharding(mesh, spec)
param_sharding = jax.tree_util.tree_map(to_sharding, param_spec)
state_sharding = State(
    params=param_sharding,
    opt_state=jax.tree_util.tree_map(lambda _: NamedSharding(mesh, P()), state.opt_state),
    ema=None,
    step=NamedSharding(mesh, P()),
    tx=tx,
)


@partial(jax.jit, in_shardings=(state_sharding, NamedSharding(mesh, P('fsdp'))),
         out_shardings=state_sharding, donate_argnums=(0,))
def update(state, tokens):
    def loss_fn(p):
        h = p['embed'][tokens] * p['scale']
        return jnp.mean(jax.nn.logsumexp(h @ p['proj'], axis=-1))
    grads = jax.grad(loss_fn)(state.params)
    updates, opt_state = state.tx.update(grads, state.opt_state, state.params)
    params = optax.apply_updates(state.params, updates)
    ema = None if state.ema is None else optax.incremental_update(params, state.ema, 1 - state.ema_decay)
    return state.replace(params=params, opt_state=opt_state, ema=ema, step=state.step + 1)


print(update.trace(state, jnp.zeros((8, 16), jnp.int32)).lower(lowering_platforms=('cuda',)) is not None)
