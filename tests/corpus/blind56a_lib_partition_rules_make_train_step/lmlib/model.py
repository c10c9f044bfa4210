import jax
import jax.numpy as jnp


def init_params(cfg, key):
  ks = jax.random.split(key, 7)
  d, f, v = cfg.d_model, cfg.d_ff, cfg.vocab
  dense = lambda k, i, o: {"kernel": jax.random.normal(k, (i, o)) * i ** -0.5,
                           "bias": jnp.zeros((o,))}
  return {
      "embed": {"embedding": jax.random.normal(ks[0], (v, d)) * 0.02},
      "attn": {"q": dense(ks[1], d, d), "k": dense(ks[2], d, d),
               "v": dense(ks[3], d, d), "o": dense(ks[4], d, d)},
      "ln": {"scale": jnp.ones((d,))},
      "mlp": {"wi": dense(ks[5], d, f), "wo": dense(ks[6], f, d)},
  }


def apply(cfg, p, tokens):
  x = p["embed"]["embedding"][tokens]
  lin = lambda q, h: h @ q["kernel"] + q["bias"]
  b, t, d = x.shape
  heads = lambda h: h.reshape(b, t, cfg.n_heads, d // cfg.n_heads)
  q, k, v = (heads(lin(p["attn"][n], x)) for n in "qkv")
  s = jnp.einsum("bqhd,bkhd->bhqk", q, k) / jnp.sqrt(d // cfg.n_heads)
  s = jnp.where(jnp.tril(jnp.ones((t, t), bool)), s, -1e9)
  a = jnp.einsum("bhqk,bkhd->bqhd", jax.nn.softmax(s, -1), v).reshape(b, t, d)
  x = x + lin(p["attn"]["o"], a)
  h = x * p["ln"]["scale"]
  x = x + lin(p["mlp"]["wo"], jax.nn.gelu(lin(p["mlp"]["wi"], h)))
  return x @ p["embed"]["embedding"].T
