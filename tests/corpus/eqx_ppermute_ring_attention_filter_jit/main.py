"""Ring attention as an Equinox Module (ppermute over "sp" in a fori_loop), called under
eqx.filter_jit on a sequence-sharded input."""
import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
from jax.sharding import Mesh, PartitionSpec as P

N = 4
mesh = Mesh(jax.devices()[:N], ("sp",))
PASS_ON = [(i, (i + 1) % N) for i in range(N)]


class RingAttention(eqx.Module):
    """Keys and values travel round the ring; each device attends its queries to every block."""
    wq: eqx.nn.Linear
    wk: eqx.nn.Linear
    wv: eqx.nn.Linear

    def __init__(self, d, key):
        kq, kk, kv = jr.split(key, 3)
        self.wq = eqx.nn.Linear(d, d, use_bias=False, key=kq)
        self.wk = eqx.nn.Linear(d, d, use_bias=False, key=kk)
        self.wv = eqx.nn.Linear(d, d, use_bias=False, key=kv)

    def __call__(self, x):
        q, k, v = jax.vmap(self.wq)(x), jax.vmap(self.wk)(x), jax.vmap(self.wv)(x)

        def body(i, carry):
            k, v, num, den = carry
            s = jnp.exp(q @ k.T / jnp.sqrt(q.shape[-1]))
            num, den = num + s @ v, den + s.sum(-1, keepdims=True)
            k = jax.lax.ppermute(k, "sp", PASS_ON)
            v = jax.lax.ppermute(v, "sp", PASS_ON)
            return k, v, num, den

        init = (k, v, jnp.zeros_like(q), jnp.zeros_like(q[:, :1]))
        _, _, num, den = jax.lax.fori_loop(0, N, body, init)
        return num / den


attn = RingAttention(32, jr.PRNGKey(0))
x = jnp.ones((64, 32))


x = jax.device_put(x, jax.sharding.NamedSharding(mesh, P("sp")))
eqx.filter_jit(lambda a, x: a(x)).lower(attn, x)
