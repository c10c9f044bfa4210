import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from net import DeepNet


def make_eval(static, mesh):
  def eval_shard(params, x, labels):
    model = eqx.combine(params, static)
    logits = jax.vmap(model)(x)
    logp = jax.nn.log_softmax(logits)
    nll = -jnp.mean(jnp.take_along_axis(logp, labels[:, None], axis=1))
    acc = jnp.mean(jnp.argmax(logits, axis=-1) == labels)
    return {"loss": jax.lax.pmean(nll, "batch"), "accuracy": acc}

  return jax.jit(jax.shard_map(eval_shard, mesh=mesh, in_specs=(P(), P("batch"), P("batch")),
                               out_specs=P()))


def main():
  mesh = Mesh(np.array(jax.devices()), ("batch",))
  model = DeepNet(20, 64, 8, 5, key=jax.random.PRNGKey(0))
  params, static = eqx.partition(model, eqx.is_array)
  evaluate = make_eval(static, mesh)
  x = jax.ShapeDtypeStruct((128, 20), jnp.float32)
  labels = jax.ShapeDtypeStruct((128,), jnp.int32)
  evaluate.trace(params, x, labels).lower(lowering_platforms=("cuda",))


if __name__ == "__main__":
  main()
