import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

from utils.shard import GATHERED, MLP_OUT, to


def rmsnorm(x, scale):
    var = jnp.mean(jnp.square(x), axis=-1, keepdims=True)
    return x * jax.lax.rsqrt(var + 1e-6) * scale


def mlp(p, x):
    h = to(x, GATHERED)
    h = jax.nn.gelu(jnp.einsum("bsd,df->bsf", h, p["wi"]))
    return jnp.einsum("bsf,fd->bsd", h, p["wo"], out_sharding=MLP_OUT)


def block(p, x):
    return x + mlp(p, rmsnorm(x, p["scale"]))
