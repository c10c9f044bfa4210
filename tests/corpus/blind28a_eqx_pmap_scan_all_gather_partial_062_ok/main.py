"""JAX 0.6.2, legacy pmap: sequence-parallel Equinox layer stack; inside the lax.scan over
layers each device all-gathers the keys of the full sequence through a functools.partial."""
import functools

import equinox as eqx
import jax
import jax.numpy as jnp

NDEV = jax.local_device_count()
LAYERS, T, D = 3, 16, 32

gather_seq = functools.partial(jax.lax.all_gather, axis_name="seq", axis=0, tiled=True)


class AttnLite(eqx.Module):
    q: eqx.nn.Linear
    k: eqx.nn.Linear

    def __init__(self, key):
        kq, kk = jax.random.split(key)
        self.q = eqx.nn.Linear(D, D, key=kq)
        self.k = eqx.nn.Linear(D, D, key=kk)

    def __call__(self, x):
        q = jax.vmap(self.q)(x)
        k_all = gather_seq(jax.vmap(self.k)(x))
        w = jax.nn.softmax(q @ k_all.T / D**0.5, axis=-1)
        return x + w @ gather_seq(x)


layers = eqx.filter_vmap(AttnLite)(jax.random.split(jax.random.key(0), LAYERS))
params, static = eqx.partition(layers, eqx.is_array)


def forward(params, x):
    def body(h, layer_params):
        return eqx.combine(layer_params, static)(h), None

    h, _ = jax.lax.scan(body, x, params)
    return h


rep = jax.tree.map(lambda a: jnp.broadcast_to(a, (NDEV,) + a.shape), params)
pforward = jax.pmap(forward, axis_name="seq")
x = jnp.ones((NDEV, T // NDEV, D))
lowered = jax.jit(pforward).trace(rep, x).lower(lowering_platforms=("cuda",))
print("lowered")
