import jax
import jax.numpy as jnp
import numpy as np
import flax.linen as nn
from flax.traverse_util import flatten_dict, unflatten_dict
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P


class Block(nn.Module):
    d_model: int
    d_ff: int

    @nn.compact
    def __call__(self, x, _):
        h = nn.LayerNorm(name='norm')(x)
        h = nn.Dense(self.d_ff, name='wi')(h)
        h = nn.silu(h)
        h = nn.Dense(self.d_model, name='wo')(h)
        return x + h, None


class Decoder(nn.Module):
    vocab: int = 512
    d_model: int = 64
    d_ff: int = 256
    num_layers: int = 4

    @nn.compact
    def __call__(self, tokens):
        x = nn.Embed(self.vocab, self.d_model, name='embed')(tokens)
        ScannedBlock = nn.scan(
            Block,
            variable_axes={'params': 0},
            split_rngs={'params': True},
            length=self.num_layers,
        )
        x, _ = ScannedBlock(self.d_model, self.d_ff, name='layers')(x, None)
        return nn.Dense(self.vocab, use_bias=False, name='head')(x)


def make_specs(params):
    flat = flatten_dict(params)
    specs = {}
    for path, v in flat.items():
        if path[0] == 'layers' and path[-1] == 'kernel':
            # (layers, in, out)
            specs[path] = P(None, 'fsdp', 'tp') if path[-2] == 'wi' else P(None, 'tp', 'fsdp')
        elif path[-1] == 'kernel':
            specs[path] = P('fsdp', 'tp')
        elif path[-1] == 'embedding':
            specs[path] = P('tp', 'fsdp')
        else:
            specs[path] = P()
    return unflatten_dict(specs)


mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('fsdp', 'tp'))
model = Decoder()
tokens = jnp.zeros((8, 32), jnp.int32)
params = model.init(jax.random.PRNGKey(0), tokens)['params']
print(params['layers']['wi']['kernel'].shape)

shardings = jax.tree_util.tree_map(lambda s: NamedSharding(mesh, s), make_specs(params))
params = jax.device_put(params, shardings)


@jax.jit
def forward(params, tokens):
    return model.apply({'params': params}, tokens)


tokens = jax.device_put(tokens, NamedSharding(mesh, P('fsdp')))
print(forward.trace(params, tokens).lower(lowering_platforms=('cuda',)).as_text()[:40])
