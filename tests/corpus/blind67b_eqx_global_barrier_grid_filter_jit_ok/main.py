import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from model import SyncedMLP

mesh = Mesh(np.array(jax.devices()), ("batch",))
model = SyncedMLP([128, 256, 128], mesh.size, key=jax.random.PRNGKey(0))


@eqx.filter_jit
def predict(model, x):
  return jax.shard_map(
      lambda m, xb: m(xb), mesh=mesh,
      in_specs=(P(), P("batch")), out_specs=P("batch"),
      check_vma=False,
  )(model, x)


if __name__ == "__main__":
  x = jax.ShapeDtypeStruct((4 * 32, 128), jnp.float32)
  jax.jit(predict).trace(model, x).lower(lowering_platforms=("tpu",))
