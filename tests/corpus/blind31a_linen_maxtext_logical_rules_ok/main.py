"""MaxText-style: mesh from ici parallelism config, params sharded by logical axis rules."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
import flax.linen as nn
from jax.experimental import mesh_utils
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from layers.mlp import Decoder


@dataclasses.dataclass(frozen=True)
class Config:
  mesh_axes: tuple = ("data", "fsdp", "tensor")
  ici_data_parallelism: int = 1
  ici_fsdp_parallelism: int = 2
  ici_tensor_parallelism: int = 2
  logical_axis_rules: tuple = (
      ("activation_batch", ("data", "fsdp")),
      ("activation_length", None),
      ("activation_embed", None),
      ("activation_mlp", "tensor"),
      ("activation_vocab", "tensor"),
      ("vocab", "tensor"),
      ("embed", "fsdp"),
      ("mlp", "tensor"),
  )
  vocab_size: int = 256
  emb_dim: int = 64
  mlp_dim: int = 128
  num_layers: int = 2
  per_device_batch: int = 2
  seq_len: int = 16


def create_device_mesh(config):
  parallelism = [config.ici_data_parallelism, config.ici_fsdp_parallelism, config.ici_tensor_parallelism]
  devices = mesh_utils.create_device_mesh(parallelism, jax.devices())
  return Mesh(devices, config.mesh_axes)


def main():
  config = Config()
  mesh = create_device_mesh(config)
  model = Decoder(config.vocab_size, config.emb_dim, config.mlp_dim, config.num_layers)
  batch = config.per_device_batch * jax.device_count()
  tokens = jax.ShapeDtypeStruct((batch, config.seq_len), jnp.int32)

  def init_fn(rng):
    return model.init(rng, jnp.ones((batch, config.seq_len), jnp.int32))

  with mesh, nn.logical_axis_rules(config.logical_axis_rules):
    abstract = jax.eval_shape(init_fn, jax.random.key(0))
    logical_spec = nn.get_partition_spec(abstract)
    param_shardings = nn.logical_to_mesh_sharding(logical_spec, mesh, config.logical_axis_rules)
    data_sharding = NamedSharding(mesh, P(("data", "fsdp"), None))

    def forward(params, tokens):
      logits = model.apply(params, tokens)
      return jnp.mean(jax.nn.logsumexp(logits, axis=-1))

    step = jax.jit(forward, in_shardings=(param_shardings, data_sharding))
    lowered = step.trace(abstract, tokens).lower(lowering_platforms=("cuda",))
  print("lowered", len(lowered.as_text()) > 0)


if __name__ == "__main__":
  main()
