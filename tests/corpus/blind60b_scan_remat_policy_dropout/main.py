import functools

import flax.linen as nn
import jax
import jax.numpy as jnp
import optax


class Block(nn.Module):
  d_model: int
  dropout_rate: float
  dtype: jnp.dtype = jnp.bfloat16

  @nn.compact
  def __call__(self, x, deterministic):
    h = nn.LayerNorm(dtype=self.dtype)(x)
    h = nn.Dense(4 * self.d_model, dtype=self.dtype)(h)
    h = nn.Dropout(self.dropout_rate)(nn.gelu(h), deterministic=deterministic)
    h = nn.Dense(self.d_model, dtype=self.dtype)(h)
    # keep the residual stream in the carry dtype
    return (x + h).astype(x.dtype), None


class Stack(nn.Module):
  num_layers: int = 6
  d_model: int = 128

  @nn.compact
  def __call__(self, x, deterministic=False):
    block = nn.remat(Block, static_argnums=(2,),
                     policy=jax.checkpoint_policies.dots_with_no_batch_dims_saveable)
    scanned = nn.scan(block, variable_axes={'params': 0},
                      split_rngs={'params': True, 'dropout': True},
                      in_axes=(nn.broadcast,), length=self.num_layers)
    x, _ = scanned(self.d_model, 0.1, name='blocks')(x, deterministic)
    return nn.Dense(1)(x)


def main():
  model = Stack()
  tx = optax.adamw(3e-4, weight_decay=0.01)
  x = jax.ShapeDtypeStruct((16, 64, 128), jnp.float32)
  variables = jax.eval_shape(functools.partial(model.init, deterministic=True), jax.random.key(0), x)
  opt_state = jax.eval_shape(tx.init, variables['params'])

  @jax.jit
  def train_step(params, opt_state, x, y, rng):
    def loss_fn(p):
      pred = model.apply({'params': p}, x, rngs={'dropout': rng})
      return jnp.mean((pred.squeeze(-1) - y) ** 2)
    loss, grads = jax.value_and_grad(loss_fn)(params)
    updates, opt_state = tx.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state, loss

  y = jax.ShapeDtypeStruct((16, 64), jnp.float32)
  train_step.trace(variables['params'], opt_state, x, y, jax.random.key(1)).lower(
      lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
