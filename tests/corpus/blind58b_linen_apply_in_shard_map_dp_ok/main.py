"""Data-parallel training step: Linen model.apply inside jax.shard_map, gradients averaged with pmean."""
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
import optax
import flax.linen as nn
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P


class TinyMLPLM(nn.Module):
  vocab: int = 4096
  d_model: int = 256

  @nn.compact
  def __call__(self, tokens):
    x = nn.Embed(self.vocab, self.d_model)(tokens)
    for _ in range(2):
      h = nn.LayerNorm()(x)
      x = x + nn.Dense(self.d_model)(nn.gelu(nn.Dense(4 * self.d_model)(h)))
    return nn.Dense(self.vocab)(nn.LayerNorm()(x))


model = TinyMLPLM()
tx = optax.adamw(1e-3)


def local_step(params, opt_state, tokens):
  def loss_fn(p):
    logits = model.apply({"params": p}, tokens[:, :-1])
    return optax.softmax_cross_entropy_with_integer_labels(logits, tokens[:, 1:]).mean()

  loss, grads = jax.value_and_grad(loss_fn)(params)
  grads = jax.lax.pmean(grads, axis_name="data")
  loss = jax.lax.pmean(loss, axis_name="data")
  updates, opt_state = tx.update(grads, opt_state, params)
  return optax.apply_updates(params, updates), opt_state, loss


def main():
  mesh = Mesh(np.array(jax.devices()), ("data",))
  tokens = jax.ShapeDtypeStruct((32, 129), jnp.int32, sharding=NamedSharding(mesh, P("data")))
  params = jax.eval_shape(model.init, jax.random.key(0), tokens)["params"]
  opt_state = jax.eval_shape(tx.init, params)

  train_step = jax.jit(
      jax.shard_map(local_step, mesh=mesh, in_specs=(P(), P(), P("data")), out_specs=(P(), P(), P())),
      donate_argnums=(0, 1))
  lowered = train_step.trace(params, opt_state, tokens).lower(lowering_platforms=("cuda",))
  print(lowered.as_text()[:200])


if __name__ == "__main__":
  main()
