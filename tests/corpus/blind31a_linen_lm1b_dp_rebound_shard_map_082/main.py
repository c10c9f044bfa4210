import jax
import jax.numpy as jnp
import flax.linen as nn
import optax
from flax.training import train_state
from jax.sharding import PartitionSpec as P


class TinyDecoder(nn.Module):
  vocab_size: int = 256
  emb_dim: int = 64

  @nn.compact
  def __call__(self, tokens):
    embed = nn.Embed(self.vocab_size, self.emb_dim)
    x = embed(tokens)
    x = x + nn.Dense(self.emb_dim)(nn.gelu(nn.Dense(4 * self.emb_dim)(nn.LayerNorm()(x))))
    return embed.attend(nn.LayerNorm()(x))


model = TinyDecoder()
tokens = jnp.zeros((8, 33), jnp.int32)
params = model.init(jax.random.key(0), tokens[:, :-1])["params"]
state = train_state.TrainState.create(apply_fn=model.apply, params=params, tx=optax.adamw(1e-3))


def train_step(state, batch):
  def loss_fn(params):
    logits = state.apply_fn({"params": params}, batch[:, :-1])
    return optax.softmax_cross_entropy_with_integer_labels(logits, batch[:, 1:]).mean()

  loss, grads = jax.value_and_grad(loss_fn)(state.params)
  grads = jax.lax.pmean(grads, axis_name="data")
  loss = jax.lax.pmean(loss, axis_name="data")
  return state.apply_gradients(grads=grads), loss


mesh = jax.make_mesh((jax.device_count(),), ("data",))
train_step = jax.shard_map(train_step, mesh=mesh, in_specs=(P(), P("data")), out_specs=(P(), P()))
train_step = jax.jit(train_step, donate_argnums=0)

print(train_step.trace(state, tokens).lower(lowering_platforms=("cuda",)).as_text()[:20])
