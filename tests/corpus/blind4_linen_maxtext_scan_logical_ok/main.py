import jax
import jax.numpy as jnp
import flax.linen as nn
import optax

from mt.layers import Decoder
from mt import train

CONFIG = dict(
    vocab_size=64, emb_dim=16, mlp_dim=32, num_heads=2, head_dim=8, num_layers=3,
    seq_len=8, per_device_batch=2, scan_layers=True,
    mesh_axes=('data', 'fsdp', 'tensor'),
    logical_axis_rules=(
        ('activation_batch', ('data', 'fsdp')),
        ('activation_length', None),
        ('activation_embed', 'tensor'),
        ('activation_mlp', 'tensor'),
        ('activation_heads', 'tensor'),
        ('mlp', 'tensor'),
        ('heads', 'tensor'),
        ('vocab', 'tensor'),
        ('embed', 'fsdp'),
        ('layers', None),
    ),
)


def main(config):
  mesh = jax.make_mesh((1, 2, 2), config['mesh_axes'],
                       axis_types=(jax.sharding.AxisType.Auto,) * 3)
  model = Decoder(config)
  tx = optax.adamw(1e-3)
  state, state_shardings = train.setup_train_state(model, tx, config, jax.random.key(0), mesh)
  p_train_step = train.make_p_train_step(model, mesh, state_shardings, config)
  global_batch = config['per_device_batch'] * jax.device_count()
  batch = {
      'inputs': jnp.zeros((global_batch, config['seq_len']), jnp.int32),
      'targets': jnp.zeros((global_batch, config['seq_len']), jnp.int32),
  }
  with mesh, nn.logical_axis_rules(config['logical_axis_rules']):
    lowered = p_train_step.trace(state, batch).lower(lowering_platforms=('cuda',))
  return lowered


if __name__ == '__main__':
  main(CONFIG)
