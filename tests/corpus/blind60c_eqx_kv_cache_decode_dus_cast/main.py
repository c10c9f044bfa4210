"""Greedy decoding with a bf16 KV cache for a small Equinox decoder layer."""
import equinox as eqx
import jax
import jax.numpy as jnp
from jax import lax

MAX_LEN = 256
CACHE_DTYPE = jnp.bfloat16


class DecoderLayer(eqx.Module):
  embed: eqx.nn.Embedding
  ln: eqx.nn.LayerNorm
  wq: eqx.nn.Linear
  wk: eqx.nn.Linear
  wv: eqx.nn.Linear
  wo: eqx.nn.Linear
  unembed: eqx.nn.Linear

  def __init__(self, vocab, d, *, key):
    ks = jax.random.split(key, 6)
    self.embed = eqx.nn.Embedding(vocab, d, key=ks[0])
    self.ln = eqx.nn.LayerNorm(d)
    self.wq = eqx.nn.Linear(d, d, use_bias=False, key=ks[1])
    self.wk = eqx.nn.Linear(d, d, use_bias=False, key=ks[2])
    self.wv = eqx.nn.Linear(d, d, use_bias=False, key=ks[3])
    self.wo = eqx.nn.Linear(d, d, use_bias=False, key=ks[4])
    self.unembed = eqx.nn.Linear(d, vocab, use_bias=False, key=ks[5])

  def step(self, token, pos, k_cache, v_cache):
    x = self.ln(self.embed(token))
    q, k, v = self.wq(x), self.wk(x), self.wv(x)
    k_cache = lax.dynamic_update_slice(k_cache, k[None].astype(CACHE_DTYPE), (pos, 0))
    v_cache = lax.dynamic_update_slice(v_cache, v[None].astype(CACHE_DTYPE), (pos, 0))
    scores = (k_cache @ q.astype(CACHE_DTYPE)).astype(jnp.float32) / jnp.sqrt(q.shape[-1])
    scores = jnp.where(jnp.arange(MAX_LEN) <= pos, scores, -jnp.inf)
    attn = jax.nn.softmax(scores)
    out = self.wo((attn.astype(CACHE_DTYPE) @ v_cache).astype(jnp.float32))
    return self.unembed(x + out), k_cache, v_cache


@eqx.filter_jit
def generate(model, prompt_token, num_steps):
  d = model.wq.in_features
  k_cache = jnp.zeros((MAX_LEN, d), CACHE_DTYPE)
  v_cache = jnp.zeros((MAX_LEN, d), CACHE_DTYPE)

  def body(carry, pos):
    token, k_cache, v_cache = carry
    logits, k_cache, v_cache = model.step(token, pos, k_cache, v_cache)
    nxt = jnp.argmax(logits).astype(jnp.int32)
    return (nxt, k_cache, v_cache), nxt

  _, tokens = lax.scan(body, (prompt_token, k_cache, v_cache), jnp.arange(num_steps))
  return tokens


def main():
  model = DecoderLayer(1000, 128, key=jax.random.key(0))
  params, static = eqx.partition(model, eqx.is_array)
  run = jax.jit(lambda p, t: generate(eqx.combine(p, static), t, 64))
  run.trace(params, jnp.int32(1)).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
  main()
