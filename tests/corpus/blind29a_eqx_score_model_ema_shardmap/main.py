"""Equinox score-based diffusion (the score_based_diffusion example, shrunk to a conv net)
trained under jax.shard_map; EMA of the inexact-array leaves kept replicated."""
import functools

import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import numpy as np
import optax
from jax.sharding import Mesh, PartitionSpec as P

BATCH_SIZE = 32
mesh = Mesh(np.array(jax.devices()), ("dp",))


class ConvScore(eqx.Module):
    layers: list
    t1: float

    def __init__(self, t1, key):
        k1, k2, k3 = jr.split(key, 3)
        self.t1 = t1
        self.layers = [eqx.nn.Conv2d(2, 16, 3, padding=1, key=k1),
                       eqx.nn.Conv2d(16, 16, 3, padding=1, key=k2),
                       eqx.nn.Conv2d(16, 1, 3, padding=1, key=k3)]

    def __call__(self, t, y):
        t = jnp.broadcast_to(t / self.t1, y.shape)
        h = jnp.concatenate([y, t], axis=0)
        for layer in self.layers[:-1]:
            h = jax.nn.silu(layer(h))
        return self.layers[-1](h)


def single_loss_fn(model, weight, int_beta, data, t, key):
    mean = data * jnp.exp(-0.5 * int_beta(t))
    var = jnp.maximum(1 - jnp.exp(-int_beta(t)), 1e-5)
    std = jnp.sqrt(var)
    noise = jr.normal(key, data.shape)
    y = mean + std * noise
    pred = model(t, y)
    return weight(t) * jnp.mean((pred + noise / std) ** 2)


def batch_loss_fn(model, weight, int_beta, data, t1, key):
    batch_size = data.shape[0]
    tkey, losskey = jr.split(key)
    losskey = jr.split(losskey, batch_size)
    t = jr.uniform(tkey, (batch_size,), minval=0, maxval=t1 / batch_size)
    t = t + (t1 / batch_size) * jnp.arange(batch_size)
    loss_fn = functools.partial(single_loss_fn, model, weight, int_beta)
    return jnp.mean(jax.vmap(loss_fn)(data, t, losskey))


def sharded_step(params, ema, opt_state, data, key, *, static, optim, t1):
    key = jr.fold_in(key, jax.lax.axis_index("dp"))
    int_beta = lambda t: t
    weight = lambda t: 1 - jnp.exp(-int_beta(t))

    def loss(p):
        return batch_loss_fn(eqx.combine(p, static), weight, int_beta, data, t1, key)

    value, grads = jax.value_and_grad(loss)(params)
    grads = jax.lax.pmean(grads, "dp")
    updates, opt_state = optim.update(grads, opt_state, params)
    params = eqx.apply_updates(params, updates)
    ema = jax.tree.map(lambda e, p: 0.999 * e + 0.001 * p, ema, params)
    return params, ema, opt_state, jax.lax.pmean(value, "dp")


model = ConvScore(10.0, jr.PRNGKey(0))
params, static = eqx.partition(model, eqx.is_inexact_array)
optim = optax.adabelief(3e-4)
opt_state = optim.init(params)
ema = params

step = jax.shard_map(
    functools.partial(sharded_step, static=static, optim=optim, t1=10.0),
    mesh=mesh, in_specs=(P(), P(), P(), P("dp"), P()), out_specs=P())

data = jnp.zeros((BATCH_SIZE, 1, 8, 8))
lowered = jax.jit(step).trace(params, ema, opt_state, data, jr.PRNGKey(1)).lower(
    lowering_platforms=("cuda",))
print("ok")
