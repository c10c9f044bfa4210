import functools

import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax.sharding import Mesh, PartitionSpec as P

STAGES, MICRO, D = 4, 8, 16


class StageMLP(eqx.Module):
    lin1: eqx.nn.Linear
    lin2: eqx.nn.Linear

    def __init__(self, key):
        k1, k2 = jax.random.split(key)
        self.lin1 = eqx.nn.Linear(D, 4 * D, key=k1)
        self.lin2 = eqx.nn.Linear(4 * D, D, key=k2)

    def __call__(self, x):
        return x + self.lin2(jax.nn.gelu(self.lin1(x)))


mesh = Mesh(np.array(jax.devices()), ("stage",))
model = eqx.filter_vmap(StageMLP)(jax.random.split(jax.random.PRNGKey(1), STAGES))
params, static = eqx.partition(model, eqx.is_inexact_array)


@functools.partial(jax.shard_map, mesh=mesh, in_specs=(P("stage"), P()), out_specs=P("stage"),
                   check_vma=False)
def pipeline(params, mbs):
    stage = eqx.combine(jax.tree.map(lambda a: a[0], params), static)
    sid = jax.lax.axis_index("stage")
    perm = [(i, i + 1) for i in range(STAGES - 1)]

    def body(carry, t):
        h = jnp.where(sid == 0, mbs[t % MICRO], carry)
        h = jax.vmap(stage)(h)
        tok = jax.lax.psend(h, "stage", perm)
        return jax.lax.precv(tok, h, "stage", perm), h

    _, hs = jax.lax.scan(body, jnp.zeros_like(mbs[0]), jnp.arange(MICRO + STAGES - 1))
    return hs[STAGES - 1:][None]


def loss(params, mbs, targets):
    out = pipeline(params, mbs)[-1]
    return jnp.mean((out - targets) ** 2)


optim = optax.adamw(1e-3)
opt_state = optim.init(params)


@eqx.filter_jit
def train_step(params, opt_state, mbs, targets):
    l, grads = eqx.filter_value_and_grad(loss)(params, mbs, targets)
    updates, opt_state = optim.update(grads, opt_state, params)
    return eqx.apply_updates(params, updates), opt_state, l


mbs = jnp.ones((MICRO, 4, D))
tg = jnp.zeros((MICRO, 4, D))
lowered = jax.jit(train_step).trace(params, opt_state, mbs, tg).lower(lowering_platforms=("cuda",))
print("lowered train_step")
