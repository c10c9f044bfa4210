import flax.linen as nn
import jax.numpy as jnp


class GPTConfig:
    vocab_size: int = 50257   # GPT-2 tokenizer vocabulary
    block_size: int = 128
    n_embd: int = 64


class MLP(nn.Module):
    n_embd: int

    @nn.compact
    def __call__(self, x):
        x = nn.Dense(4 * self.n_embd, name='c_fc')(x)
        x = nn.gelu(x, approximate=True)
        return nn.Dense(self.n_embd, name='c_proj')(x)


class TinyGPT(nn.Module):
    config: GPTConfig

    @nn.compact
    def __call__(self, idx):
        cfg = self.config
        T = idx.shape[1]
        wte = nn.Embed(cfg.vocab_size, cfg.n_embd, name='wte')
        wpe = nn.Embed(cfg.block_size, cfg.n_embd, name='wpe')
        x = wte(idx) + wpe(jnp.arange(T)[None])
        x = x + MLP(cfg.n_embd, name='mlp')(nn.LayerNorm(name='ln_1')(x))
        x = nn.LayerNorm(name='ln_f')(x)
        return wte.attend(x)
