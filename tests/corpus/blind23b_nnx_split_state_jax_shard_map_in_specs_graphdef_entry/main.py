import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import PartitionSpec as P


class MLP(nnx.Module):
  def __init__(self, din, dmid, dout, *, rngs):
    self.linear1 = nnx.Linear(din, dmid, rngs=rngs)
    self.dropout = nnx.Dropout(0.1, rngs=rngs)
    self.bn = nnx.BatchNorm(dmid, rngs=rngs)
    self.linear2 = nnx.Linear(dmid, dout, rngs=rngs)

  def __call__(self, x):
    x = nnx.gelu(self.dropout(self.bn(self.linear1(x))))
    return self.linear2(x)


def make_train_step(graphdef, mesh):
  def step(state, batch):
    model, opt = nnx.merge(graphdef, state)

    def loss_fn(model):
      logits = model(batch["x"])
      return optax.softmax_cross_entropy_with_integer_labels(logits, batch["y"]).mean()

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    opt.update(model, jax.lax.pmean(grads, "data"))
    return nnx.state((model, opt)), jax.lax.pmean(loss, "data")

  sharded = jax.shard_map(step, mesh=mesh,
                          in_specs=(P(), P(), P("data")),
                          out_specs=(P(), P()), check_vma=False)
  return jax.jit(sharded)


if __name__ == "__main__":
  mesh = jax.make_mesh((4,), ("data",))
  model = MLP(784, 256, 10, rngs=nnx.Rngs(0))
  model.eval()
  opt = nnx.Optimizer(model, optax.sgd(0.1), wrt=nnx.Param)
  graphdef, state = nnx.split((model, opt))
  train_step = make_train_step(graphdef, mesh)
  sh = jax.NamedSharding(mesh, P("data"))
  batch = {"x": jax.device_put(jnp.ones((32, 784)), sh),
           "y": jax.device_put(jnp.zeros((32,), jnp.int32), sh)}
  state = jax.device_put(state, jax.NamedSharding(mesh, P()))
  train_step.trace(state, batch).lower(lowering_platforms=("cuda",))
