import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax.training import train_state
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

CONFIG = dict(batch_size=6, seq_len=16, vocab_size=128, emb_dim=64, mlp_dim=256)


class MlpBlock(nn.Module):
  mlp_dim: int

  @nn.compact
  def __call__(self, x):
    h = nn.Dense(self.mlp_dim, kernel_init=nn.with_partitioning(
        nn.initializers.xavier_uniform(), (None, 'model')))(x)
    h = nn.relu(h)
    return nn.Dense(x.shape[-1], kernel_init=nn.with_partitioning(
        nn.initializers.xavier_uniform(), ('model', None)))(h)


class TinyLM(nn.Module):
  vocab_size: int
  emb_dim: int
  mlp_dim: int

  @nn.compact
  def __call__(self, tokens):
    emb = nn.Embed(self.vocab_size, self.emb_dim, embedding_init=nn.with_partitioning(
        nn.initializers.normal(1.0), ('model', None)))
    x = emb(tokens)
    x = x + MlpBlock(self.mlp_dim)(nn.LayerNorm()(x))
    return emb.attend(nn.LayerNorm()(x))


def train_step(state, tokens):
  def loss_fn(params):
    logits = state.apply_fn({'params': params}, tokens[:, :-1])
    return optax.softmax_cross_entropy_with_integer_labels(logits, tokens[:, 1:]).mean()
  loss, grads = jax.value_and_grad(loss_fn)(state.params)
  return state.apply_gradients(grads=grads), loss


mesh = Mesh(np.array(jax.devices()).reshape(4, 1), ('data', 'model'))

model = TinyLM(CONFIG['vocab_size'], CONFIG['emb_dim'], CONFIG['mlp_dim'])
tokens_shape = (CONFIG['batch_size'], CONFIG['seq_len'])
abstract_vars = jax.eval_shape(model.init, jax.random.key(0), jnp.ones(tokens_shape, jnp.int32))


def make_state(params):
  return train_state.TrainState.create(apply_fn=model.apply, params=params, tx=optax.adamw(1e-3))


abstract_state = jax.eval_shape(make_state, abstract_vars['params'])
state_sharding = nn.get_sharding(abstract_state, mesh)
batch_sharding = NamedSharding(mesh, P('data', None))

p_train_step = jax.jit(train_step, in_shardings=(state_sharding, batch_sharding),
                       out_shardings=(state_sharding, NamedSharding(mesh, P())))
tokens = jax.ShapeDtypeStruct(tokens_shape, jnp.int32)
p_train_step.trace(abstract_state, tokens).lower(lowering_platforms=('cuda',))
