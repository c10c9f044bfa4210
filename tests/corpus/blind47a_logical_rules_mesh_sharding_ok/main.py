import functools

import jax
import jax.numpy as jnp
import numpy as np
import flax.linen as nn
from jax.sharding import Mesh

import sharding_config as cfg

kernel_init = nn.initializers.lecun_normal()


class MlpBlock(nn.Module):
    emb_dim: int = 64
    mlp_dim: int = 256

    @nn.compact
    def __call__(self, x):
        h = nn.Dense(self.mlp_dim, use_bias=False, name='wi',
                     kernel_init=nn.with_logical_partitioning(kernel_init, ('embed', 'mlp')))(x)
        h = nn.relu(h)
        h = nn.with_logical_constraint(h, ('activation_batch', 'activation_mlp'))
        out = nn.Dense(self.emb_dim, use_bias=False, name='wo',
                       kernel_init=nn.with_logical_partitioning(kernel_init, ('mlp', 'embed')))(h)
        return nn.with_logical_constraint(out, ('activation_batch', 'activation_embed'))


class TinyLM(nn.Module):
    vocab: int = 1024
    emb_dim: int = 64

    @nn.compact
    def __call__(self, tokens):
        embed = nn.Embed(self.vocab, self.emb_dim, name='token_embedder',
                         embedding_init=nn.with_logical_partitioning(
                             nn.initializers.normal(1.0), ('vocab', 'embed')))
        x = embed(tokens)
        x = x + MlpBlock(name='mlp')(x)
        return embed.attend(x)


mesh = Mesh(np.array(jax.devices()).reshape(cfg.MESH_SHAPE), cfg.MESH_AXES)
model = TinyLM()
tokens = jnp.zeros((8, 16), jnp.int32)

with mesh, nn.logical_axis_rules(cfg.LOGICAL_AXIS_RULES):
    abstract = jax.eval_shape(model.init, jax.random.PRNGKey(0), tokens)
    logical_specs = nn.get_partition_spec(abstract)
    state_sharding = nn.logical_to_mesh_sharding(logical_specs, mesh, cfg.LOGICAL_AXIS_RULES)
    tok_sharding = nn.logical_to_mesh_sharding(
        jax.sharding.PartitionSpec('activation_batch', None), mesh, cfg.LOGICAL_AXIS_RULES)

    init_fn = jax.jit(model.init, out_shardings=state_sharding)
    print(init_fn.trace(jax.random.PRNGKey(0), tokens).lower(lowering_platforms=('cuda',)).as_text()[:40])

    apply_fn = jax.jit(model.apply, in_shardings=(state_sharding, tok_sharding))
    print(apply_fn.trace(abstract, tokens).lower(lowering_platforms=('cuda',)).as_text()[:40])
