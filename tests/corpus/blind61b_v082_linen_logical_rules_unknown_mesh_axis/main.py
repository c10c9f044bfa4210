import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh

from partitioning import LOGICAL_AXIS_RULES
from t5_layers import Encoder

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("data", "model"))
model = Encoder(num_layers=2, mlp_dim=2048)


def main():
  x = jnp.zeros((8, 128, 512), jnp.float32)
  rng = jax.random.key(0)
  with mesh, nn.logical_axis_rules(LOGICAL_AXIS_RULES):
    abstract = jax.eval_shape(model.init, rng, x)
    logical_spec = nn.get_partition_spec(abstract)
    shardings = nn.logical_to_mesh_sharding(logical_spec, mesh, LOGICAL_AXIS_RULES)
    init = jax.jit(model.init, out_shardings=shardings)
    init.trace(rng, x).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
  main()
