import functools

import jax
import jax.lax as lax
import optax
from flax import nnx
from jax.sharding import PartitionSpec as P


def loss_fn(model, batch):
  logits = model(batch["image"])
  return optax.softmax_cross_entropy_with_integer_labels(logits, batch["label"]).mean()


def make_train_step(mesh, cfg, graphdef):
  batch_spec = {"image": P(cfg.data_axis), "label": P(cfg.data_axis)}

  @functools.partial(jax.jit, donate_argnums=(0,))
  @functools.partial(jax.shard_map, mesh=mesh, in_specs=(P(), batch_spec),
                     out_specs=(P(), P()))
  def train_step(state, batch):
    model, opt = nnx.merge(graphdef, state)
    loss, grads = nnx.value_and_grad(loss_fn)(model, batch)
    grads = lax.pmean(grads, axis_name=cfg.axes)
    opt.update(model, grads)
    return nnx.state((model, opt)), lax.pmean(loss, cfg.axes)

  return train_step
