import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P


class RNNDecoder(nnx.Module):

  def __init__(self, vocab, d_embed, d_hidden, *, rngs):
    init = nnx.initializers.lecun_normal()
    self.embedding = nnx.Param(nnx.initializers.normal(1.0)(rngs.params(), (vocab, d_embed)))
    # hidden projections are column-parallel over "model"
    self.w_xh = nnx.Param(init(rngs.params(), (d_embed, d_hidden)), out_sharding=(None, "model"))
    self.w_hh = nnx.Param(init(rngs.params(), (d_hidden, d_hidden)), out_sharding=(None, "model"))
    self.w_out = nnx.Param(init(rngs.params(), (d_hidden, vocab)), out_sharding=("model", None))

  def step(self, token, h):
    x = self.embedding[...].at[token].get(out_sharding=P("data", None))
    h = jnp.tanh(jnp.einsum("be,eh->bh", x, self.w_xh[...])
                 + jnp.einsum("bk,kh->bh", h, self.w_hh[...]))
    logits = jnp.einsum("bh,hv->bv", h, self.w_out[...], out_sharding=P("data", None))
    return logits, h


def greedy_decode(model, first_token, h0, max_new_tokens):

  def cond_fn(carry):
    _, i, _, _ = carry
    return i < max_new_tokens

  def body_fn(carry):
    model, i, token, h = carry
    logits, h = model.step(token, h)
    token = jnp.argmax(logits, axis=-1).astype(token.dtype)
    return model, i + 1, token, h

  _, _, last, h = nnx.while_loop(cond_fn, body_fn, (model, 0, first_token, h0))
  return last, h
