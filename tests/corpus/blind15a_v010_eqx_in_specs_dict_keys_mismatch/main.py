import jax
import jax.numpy as jnp
import equinox as eqx
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4,), ('fsdp',))

mlp = eqx.nn.MLP(32, 32, 128, depth=1, key=jax.random.key(0))
params = {
    'w1': mlp.layers[0].weight, 'b1': mlp.layers[0].bias,
    'w2': mlp.layers[1].weight, 'b2': mlp.layers[1].bias,
}
param_specs = {'w_in': P('fsdp'), 'b1': P(), 'w_out': P(None, 'fsdp'), 'b2': P()}


def fsdp_forward(p, x):
  w1 = jax.lax.all_gather(p['w1'], 'fsdp', axis=0, tiled=True)
  w2 = jax.lax.all_gather(p['w2'], 'fsdp', axis=1, tiled=True)
  h = jax.nn.relu(x @ w1.T + p['b1'])
  return h @ w2.T + p['b2']


forward = eqx.filter_jit(jax.shard_map(fsdp_forward, mesh=mesh,
                                       in_specs=(param_specs, P('fsdp')),
                                       out_specs=P('fsdp')))
S = lambda *spec: NamedSharding(mesh, P(*spec))
params = jax.device_put(params, {'w1': S('fsdp'), 'b1': S(), 'w2': S(None, 'fsdp'), 'b2': S()})
x = jax.device_put(jnp.ones((16, 32)), S('fsdp'))
jax.jit(forward).trace(params, x).lower(lowering_platforms=('cuda',))
