import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

import gpt
from partition import param_specs, to_shardings

cfg = gpt.GPTConfig()
mesh = Mesh(np.asarray(jax.devices()).reshape(2, 2), ("data", "model"))
tx = optax.sgd(1e-3)


def train_step(params, idx, targets):
  def loss_fn(p):
    logits = gpt.apply(cfg, p, idx)
    return optax.softmax_cross_entropy_with_integer_labels(
        logits[..., :cfg.vocab_size], targets).mean()

  loss, grads = jax.value_and_grad(loss_fn)(params)
  updates, _ = tx.update(grads, tx.init(params))
  return optax.apply_updates(params, updates), loss


p_shardings = to_shardings(mesh, param_specs())
data_sharding = NamedSharding(mesh, P("data", None))
train_step = jax.jit(train_step,
                     in_shardings=(p_shardings, data_sharding, data_sharding),
                     out_shardings=(p_shardings, NamedSharding(mesh, P())))

params = jax.eval_shape(lambda: gpt.init_params(cfg, jax.random.key(0)))
tokens = jax.ShapeDtypeStruct((8, cfg.block_size), jnp.int32)
train_step.trace(params, tokens, tokens).lower(lowering_platforms=("cuda",))
