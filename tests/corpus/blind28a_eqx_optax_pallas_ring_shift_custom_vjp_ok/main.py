"""Equinox model trained with optax; its token-mixing layer shifts activations one device round
the ring through a Pallas kernel with a custom VJP."""
import functools

import equinox as eqx
import jax
import jax.numpy as jnp
import optax
from jax.sharding import Mesh, PartitionSpec as P

from ring_ops import AXIS, ring_shift

N = 4


class RingMixer(eqx.Module):
    inp: eqx.nn.Linear
    out: eqx.nn.Linear

    def __init__(self, key):
        k1, k2 = jax.random.split(key)
        self.inp = eqx.nn.Linear(128, 128, key=k1)
        self.out = eqx.nn.Linear(256, 128, key=k2)

    def __call__(self, x):
        h = jax.vmap(self.inp)(x)
        mixed = jnp.concatenate([h, ring_shift(h, N)], axis=-1)
        return jax.vmap(self.out)(mixed)


mesh = Mesh(jax.devices(), (AXIS,))
model = RingMixer(jax.random.key(0))
params, static = eqx.partition(model, eqx.is_inexact_array)
optim = optax.adam(3e-4)
opt_state = optim.init(params)


def loss_fn(params, x, y):
    pred = eqx.combine(params, static)(x)
    return jnp.mean((pred - y) ** 2)


@jax.jit
def train_step(params, opt_state, x, y):
    @functools.partial(jax.shard_map, mesh=mesh, in_specs=(P(), P(AXIS), P(AXIS)),
                       out_specs=(P(), P()), check_vma=False)
    def grads_fn(params, x, y):
        loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
        return jax.lax.pmean(loss, AXIS), jax.lax.pmean(grads, AXIS)

    loss, grads = grads_fn(params, x, y)
    updates, opt_state = optim.update(grads, opt_state, params)
    return eqx.apply_updates(params, updates), opt_state, loss


x = jnp.ones((N * 8, 128))
y = jnp.zeros((N * 8, 128))
lowered = train_step.trace(params, opt_state, x, y).lower(lowering_platforms=("tpu",))
print("lowered")
