import functools

import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
from jax import lax
from jax.sharding import PartitionSpec as P

if hasattr(lax, "pcast"):
  def _as_varying(x, axis_name):
    return lax.pcast(x, axis_name, to="varying")
else:  # JAX 0.7 / 0.8
  _as_varying = lax.pvary

MESH = jax.make_mesh((4,), ("seq",))


def _ring(q, k, v, axis_name):
  n = lax.axis_size(axis_name)
  perm = [(j, (j + 1) % n) for j in range(n)]
  o = jnp.zeros_like(q, dtype=jnp.float32)
  lse = jnp.full(q.shape[:-1], -jnp.inf, jnp.float32)
  lse = _as_varying(lse, axis_name)

  def step(carry, _):
    o, lse, k, v = carry
    s = jnp.einsum("qhd,khd->hqk", q, k) / jnp.sqrt(q.shape[-1])
    blk_lse = jax.nn.logsumexp(s, axis=-1).transpose(1, 0)
    new_lse = jnp.logaddexp(lse, blk_lse)
    p = jnp.exp(s - new_lse.transpose(1, 0)[..., None])
    o = o * jnp.exp(lse - new_lse)[..., None] + jnp.einsum("hqk,khd->qhd", p, v)
    k = lax.ppermute(k, axis_name, perm)
    v = lax.ppermute(v, axis_name, perm)
    return (o, new_lse, k, v), None

  (o, _, _, _), _ = lax.scan(step, (o, lse, k, v), length=n)
  return o


class RingSelfAttention(eqx.Module):
  qkv: eqx.nn.Linear
  heads: int = eqx.field(static=True)

  def __init__(self, dim, heads, key):
    self.qkv = eqx.nn.Linear(dim, 3 * dim, use_bias=False, key=key)
    self.heads = heads

  def __call__(self, x):
    qkv = jax.vmap(self.qkv)(x)
    q, k, v = jnp.split(qkv.reshape(x.shape[0], 3 * self.heads, -1), 3, axis=1)
    spec = P("seq", None, None)
    ring = jax.shard_map(functools.partial(_ring, axis_name="seq"), mesh=MESH,
                         in_specs=(spec, spec, spec), out_specs=spec)
    return ring(q, k, v).reshape(x.shape)


@eqx.filter_jit
def forward(model, x):
  return model(x)


model = RingSelfAttention(64, 4, jr.PRNGKey(0))
x = jax.device_put(jnp.ones((128, 64)), jax.NamedSharding(MESH, P("seq", None)))
params, static = eqx.partition(model, eqx.is_array)
lowered = jax.jit(lambda p, x: forward(eqx.combine(p, static), x)).trace(params, x).lower(
    lowering_platforms=("cuda",))
print("ok", bool(lowered.as_text()))
