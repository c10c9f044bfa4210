import equinox as eqx
import jax
import jax.numpy as jnp
import optax

from model import make_stack


class Transformer(eqx.Module):
  embed: eqx.nn.Embedding
  blocks: eqx.Module
  unembed: eqx.nn.Linear

  def __init__(self, vocab, dim, heads, n_layers, *, key):
    k1, k2, k3 = jax.random.split(key, 3)
    self.embed = eqx.nn.Embedding(vocab, dim, key=k1)
    self.blocks = make_stack(n_layers, dim, heads, key=k2)
    self.unembed = eqx.nn.Linear(dim, vocab, key=k3)

  def __call__(self, tokens):
    # the residual stream lives in the compute dtype, so the scan carry keeps one type
    x = jax.vmap(self.embed)(tokens).astype(jnp.bfloat16)
    dynamic, static = eqx.partition(self.blocks, eqx.is_array)

    def layer(x, params):
      block = eqx.combine(params, static)
      return block(x), None

    x, _ = jax.lax.scan(layer, x, dynamic)
    return jax.vmap(self.unembed)(x.astype(jnp.float32))


@eqx.filter_jit
def train_step(model, opt_state, tokens, targets):
  def loss_fn(model):
    logits = jax.vmap(model)(tokens)
    return optax.softmax_cross_entropy_with_integer_labels(logits, targets).mean()

  loss, grads = eqx.filter_value_and_grad(loss_fn)(model)
  updates, opt_state = optim.update(grads, opt_state, eqx.filter(model, eqx.is_array))
  model = eqx.apply_updates(model, updates)
  return model, opt_state, loss


optim = optax.adam(1e-3)


def main():
  model = Transformer(vocab=256, dim=64, heads=4, n_layers=4, key=jax.random.key(0))
  opt_state = optim.init(eqx.filter(model, eqx.is_array))
  params, static = eqx.partition(model, eqx.is_array)

  def run(params, opt_state, tokens, targets):
    model, opt_state, loss = train_step(eqx.combine(params, static), opt_state, tokens, targets)
    return eqx.filter(model, eqx.is_array), opt_state, loss

  tokens = jnp.zeros((2, 16), jnp.int32)
  jax.jit(run).trace(params, opt_state, tokens, tokens).lower(lowering_platforms=("cuda",))


if __name__ == "__main__":
  main()
