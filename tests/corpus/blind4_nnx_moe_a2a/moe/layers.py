import jax
import jax.numpy as jnp
from flax import nnx

from .dispatch import expert_parallel, top1_dispatch


class MoEFeedForward(nnx.Module):
  def __init__(self, dim, hidden, moe_cfg: dict, *, rngs: nnx.Rngs):
    e = moe_cfg['num_experts']
    self.capacity = moe_cfg['capacity']
    self.expert_axis = moe_cfg['expert_axis']
    self.router = nnx.Linear(dim, e, use_bias=False, rngs=rngs)
    init = nnx.initializers.lecun_normal(in_axis=-2, out_axis=-1, batch_axis=(0,))
    self.w_in = nnx.Param(init(rngs.params(), (e, dim, hidden)))
    self.w_out = nnx.Param(init(rngs.params(), (e, hidden, dim)))

  def __call__(self, x):
    b, t, d = x.shape
    tokens = x.reshape(b * t, d)
    dispatch, combine = top1_dispatch(self.router(tokens), self.capacity)
    buf = jnp.einsum('tec,td->ecd', dispatch, tokens)
    out = expert_parallel(buf, self.w_in[...], self.w_out[...], self.expert_axis)
    return jnp.einsum('tec,ecd->td', combine, out).reshape(b, t, d)


class MoEDecoderLayer(nnx.Module):
  def __init__(self, dim, hidden, moe_cfg, *, rngs):
    self.norm1 = nnx.RMSNorm(dim, rngs=rngs)
    self.attn = nnx.MultiHeadAttention(num_heads=4, in_features=dim, decode=False, rngs=rngs)
    self.norm2 = nnx.RMSNorm(dim, rngs=rngs)
    self.moe = MoEFeedForward(dim, hidden, moe_cfg, rngs=rngs)

  def __call__(self, x, mask):
    x = x + self.attn(self.norm1(x), mask=mask)
    return x + self.moe(self.norm2(x))


class MoELM(nnx.Module):
  def __init__(self, cfg: dict, *, rngs: nnx.Rngs):
    m = cfg['model']
    self.embed = nnx.Embed(m['vocab'], m['dim'], rngs=rngs)
    self.layers = nnx.List(
        [MoEDecoderLayer(m['dim'], m['hidden'], cfg['moe'], rngs=rngs) for _ in range(m['layers'])])
    self.norm = nnx.RMSNorm(m['dim'], rngs=rngs)

  def __call__(self, tokens):
    x = self.embed(tokens)
    mask = nnx.make_causal_mask(tokens)
    for layer in self.layers:
      x = layer(x, mask)
    return self.embed.attend(self.norm(x))
