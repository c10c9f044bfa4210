import functools

import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax
from jax.sharding import PartitionSpec as P


def _route(x, router, num_experts, capacity):
  # x: [tokens, d]; top-1 routing with a fixed capacity per expert
  logits = x @ router
  probs = jax.nn.softmax(logits, axis=-1)
  expert = jnp.argmax(probs, axis=-1)
  onehot = jax.nn.one_hot(expert, num_experts, dtype=x.dtype)
  pos = jnp.cumsum(onehot, axis=0) * onehot - 1.0
  keep = (pos >= 0) & (pos < capacity)
  slot = jax.nn.one_hot(jnp.where(keep, pos, -1).max(-1).astype(jnp.int32), capacity, dtype=x.dtype)
  dispatch = onehot[:, :, None] * slot[:, None, :]          # [t, E, C]
  gate = (probs * onehot).sum(-1)
  return dispatch, dispatch * gate[:, None, None]


def moe_ffn_local(x, router, w_in, w_out, *, cfg, capacity):
  b, s, d = x.shape
  tokens = x.reshape(b * s, d)
  dispatch, combine = _route(tokens, router, cfg.num_experts, capacity)
  buf = jnp.einsum("tec,td->ecd", dispatch, tokens)            # [E, C, d]
  buf = lax.all_to_all(buf, cfg.expert_axis, split_axis=0, concat_axis=1, tiled=True)
  h = jax.nn.gelu(jnp.einsum("ecd,edf->ecf", buf, w_in))      # local experts
  out = jnp.einsum("ecf,efd->ecd", h, w_out)
  out = lax.all_to_all(out, cfg.expert_axis, split_axis=1, concat_axis=0, tiled=True)
  y = jnp.einsum("tec,ecd->td", combine, out)
  return y.reshape(b, s, d)


class MoEBlock(nnx.Module):
  def __init__(self, cfg, mesh, rngs: nnx.Rngs):
    init = nnx.initializers.lecun_normal()
    self.cfg, self.mesh = cfg, mesh
    self.router = nnx.Param(init(rngs.params(), (cfg.d_model, cfg.num_experts)))
    self.w_in = nnx.Param(init(rngs.params(), (cfg.num_experts, cfg.d_model, cfg.d_ff)))
    self.w_out = nnx.Param(init(rngs.params(), (cfg.num_experts, cfg.d_ff, cfg.d_model)))

  def __call__(self, x):
    cfg = self.cfg
    tokens_per_shard = (x.shape[0] // self.mesh.size) * x.shape[1]
    capacity = int(cfg.capacity_factor * tokens_per_shard / cfg.num_experts)
    fn = functools.partial(moe_ffn_local, cfg=cfg, capacity=capacity)
    batch_spec = P((cfg.data_axis, cfg.expert_axis))
    fn = jax.shard_map(
        fn, mesh=self.mesh,
        in_specs=(batch_spec, P(), P(cfg.expert_axis), P(cfg.expert_axis)),
        out_specs=batch_spec,
    )
    return x + fn(x, self.router[...], self.w_in[...], self.w_out[...])
