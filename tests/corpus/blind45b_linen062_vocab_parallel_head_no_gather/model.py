import flax.linen as nn

init = nn.initializers.normal(0.02)


class LMHead(nn.Module):
    vocab: int

    @nn.compact
    def __call__(self, h):
        h = nn.LayerNorm(name="ln_f")(h)
        return nn.Dense(self.vocab, use_bias=False, name="proj",
                        kernel_init=nn.with_partitioning(init, (None, "model")))(h)
