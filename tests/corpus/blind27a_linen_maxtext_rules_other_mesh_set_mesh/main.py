import functools

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

from maxlite.config import Config
from maxlite.mesh_utils import create_device_mesh
from maxlite.layers import Decoder
from maxlite import train


def main():
  config = Config()
  mesh = create_device_mesh(config)
  model = Decoder(config)
  tx = train.make_optimizer()
  (params, opt_state), (p_shard, o_shard) = train.abstract_state(model, tx, config, mesh)
  gbs = config.per_device_batch * jax.device_count()
  batch = {
      "inputs": jax.ShapeDtypeStruct((gbs, config.seq_len), jnp.int32),
      "targets": jax.ShapeDtypeStruct((gbs, config.seq_len), jnp.int32),
  }
  data_sharding = NamedSharding(mesh, P(("data", "fsdp"), None))
  step = jax.jit(
      functools.partial(train.train_step, model, tx, config, mesh),
      in_shardings=(p_shard, o_shard, {"inputs": data_sharding, "targets": data_sharding}),
      out_shardings=(p_shard, o_shard, NamedSharding(mesh, P())),
      donate_argnums=(0, 1),
  )
  with jax.set_mesh(mesh):
    lowered = step.trace(params, opt_state, batch).lower(lowering_platforms=("cuda",))
  print("lowered", len(lowered.as_text()) > 0)


if __name__ == "__main__":
  main()
