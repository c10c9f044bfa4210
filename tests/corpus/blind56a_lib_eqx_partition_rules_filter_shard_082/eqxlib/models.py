import equinox as eqx
import jax


class Classifier(eqx.Module):
  embed: eqx.nn.Embedding
  mlp: eqx.nn.MLP

  def __init__(self, cfg, key):
    k1, k2 = jax.random.split(key)
    self.embed = eqx.nn.Embedding(cfg.vocab, cfg.dim, key=k1)
    self.mlp = eqx.nn.MLP(cfg.dim, cfg.vocab, cfg.hidden, cfg.depth, key=k2)

  def __call__(self, tokens):                # tokens: [seq]
    return self.mlp(jax.vmap(self.embed)(tokens).mean(0))
