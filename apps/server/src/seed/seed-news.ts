import { NEWS_CATEGORY } from '@gerbang/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * Demo news for the dashboard and /news/{id}: product updates, bank maintenance windows, QRIS,
 * BI-FAST. Idempotent by slug; dates are spread over the weeks before the first seeding.
 */
interface SeedArticle {
  slug: string;
  category: number;
  title: string;
  cover: { label: string; from: string; to: string };
  /** Days before the seeding day the article was last updated. */
  daysAgo: number;
  konten: string;
}

/** A small generated cover image (SVG data URL): gradient, soft shapes and a label. */
export function coverImage(label: string, from: string, to: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="320" viewBox="0 0 640 320">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="640" height="320" fill="url(#g)"/>
<circle cx="560" cy="40" r="140" fill="#fff" fill-opacity="0.10"/>
<circle cx="80" cy="300" r="110" fill="#fff" fill-opacity="0.08"/>
<rect x="48" y="120" width="72" height="72" rx="18" fill="#fff" fill-opacity="0.22"/>
<path d="M68 156h32M84 140v32" stroke="#fff" stroke-width="7" stroke-linecap="round"/>
<text x="140" y="172" font-family="Inter, Arial, sans-serif" font-size="44" font-weight="700" fill="#fff">${label}</text>
</svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

const ARTICLES: SeedArticle[] = [
  {
    slug: 'bi-fast-semua-bank',
    category: NEWS_CATEGORY.DEFAULT,
    title: 'Transfer BI-FAST kini aktif untuk semua bank tujuan',
    cover: { label: 'BI-FAST', from: '#1c7ed6', to: '#15aabf' },
    daysAgo: 1,
    konten: `<p>Mulai hari ini, setiap transfer antarbank dari Gerbang dengan nominal hingga <strong>Rp250.000.000</strong> dikirim melalui <strong>BI-FAST</strong> secara otomatis. Dana tiba di rekening tujuan dalam hitungan detik, 24 jam sehari, termasuk akhir pekan dan hari libur.</p>
<h3>Apa yang berubah?</h3>
<ul>
<li>Transfer di bawah Rp250 juta tidak lagi menunggu jadwal kliring SKN.</li>
<li>Biaya admin mengikuti tabel harga produk Anda; tidak ada biaya tambahan.</li>
<li>Status transaksi langsung <em>SUCCESS</em> atau <em>FAILED</em>, sehingga callback ke sistem Anda juga lebih cepat.</li>
</ul>
<p>Transfer di atas Rp250 juta tetap dikirim melalui RTGS pada jam operasional Bank Indonesia. Tidak ada perubahan yang perlu dilakukan pada integrasi API Anda.</p>`,
  },
  {
    slug: 'pemeliharaan-bank-mandiri',
    category: NEWS_CATEGORY.DEFAULT,
    title: 'Pemeliharaan sistem Bank Mandiri: transfer dan VA terganggu dini hari',
    cover: { label: 'Maintenance', from: '#f08c00', to: '#e8590c' },
    daysAgo: 2,
    konten: `<p>Bank Mandiri akan melakukan pemeliharaan sistem terjadwal pada <strong>Minggu dini hari pukul 00.00–04.00 WIB</strong>. Selama periode ini, layanan berikut tidak tersedia atau berjalan lebih lambat:</p>
<table>
<thead><tr><th>Layanan</th><th>Dampak</th></tr></thead>
<tbody>
<tr><td>Transfer ke rekening Mandiri</td><td>Diantrikan, diproses setelah pemeliharaan selesai</td></tr>
<tr><td>Pembayaran Virtual Account Mandiri (87827)</td><td>Tidak dapat dibayar</td></tr>
<tr><td>Inquiry nama rekening</td><td>Tidak tersedia</td></tr>
</tbody>
</table>
<p>Transaksi yang masuk selama pemeliharaan berstatus <em>PROCESS</em> dan akan diselesaikan otomatis. Kami menyarankan untuk menjadwalkan disbursement massal di luar jam tersebut.</p>`,
  },
  {
    slug: 'qris-dinamis-setiap-tagihan',
    category: NEWS_CATEGORY.DEFAULT,
    title: 'QRIS dinamis untuk setiap tagihan: nominal otomatis, rekonsiliasi lebih mudah',
    cover: { label: 'QRIS', from: '#c2255c', to: '#862e9c' },
    daysAgo: 4,
    konten: `<p>Kini Anda dapat membuat <strong>QRIS dinamis</strong> untuk setiap tagihan melalui API maupun halaman Request Payment. Nominal sudah tertanam di kode QR, sehingga pelanggan tidak perlu mengetik jumlah pembayaran.</p>
<h3>Keuntungan</h3>
<ul>
<li>Satu kode QR untuk satu tagihan: rekonsiliasi otomatis berdasarkan <em>partner reff</em>.</li>
<li>Dapat dibayar dari semua aplikasi bank dan e-wallet yang mendukung QRIS.</li>
<li>Dana masuk ke saldo tertahan dan di-settle sesuai jadwal settlement Anda.</li>
</ul>
<p>Pastikan NMID Anda sudah terdaftar. Jika belum, ajukan melalui menu <strong>Registrasi NMID</strong>.</p>`,
  },
  {
    slug: 'settlement-qris-d1',
    category: NEWS_CATEGORY.DEFAULT,
    title: 'Settlement pembayaran QRIS dipercepat menjadi D+1',
    cover: { label: 'Settlement D+1', from: '#2f9e44', to: '#0ca678' },
    daysAgo: 6,
    konten: `<p>Pembayaran QRIS yang berhasil hari ini akan dipindahkan dari <strong>saldo tertahan</strong> ke saldo aktif pada hari kerja berikutnya (<strong>D+1</strong>), sebelumnya D+2.</p>
<p>Anda dapat memantau dana yang menunggu settlement di menu <em>Monitor Saldo Tertahan</em> dan riwayat settlement di menu <em>Settlement</em>. Butuh dana lebih cepat? Ajukan <strong>dana talangan</strong> untuk tanggal transaksi yang Anda pilih.</p>`,
  },
  {
    slug: 'va-close-recurring',
    category: NEWS_CATEGORY.DEFAULT,
    title: 'Virtual account tagihan berulang kini tersedia untuk BSI dan CIMB Niaga',
    cover: { label: 'Virtual Account', from: '#3b5bdb', to: '#1c7ed6' },
    daysAgo: 9,
    konten: `<p>Tipe virtual account <strong>close recurring</strong> (tagihan tetap yang dapat dibayar berkali-kali) kini tersedia untuk <strong>Bank Syariah Indonesia</strong> (kode perusahaan 9001062) dan <strong>CIMB Niaga</strong>.</p>
<p>Cocok untuk iuran bulanan, cicilan, atau langganan: pelanggan cukup menyimpan satu nomor VA. Buat VA satu per satu lewat API atau sekaligus lewat menu <em>VA Massal</em> dengan file CSV.</p>`,
  },
  {
    slug: 'cut-off-harian',
    category: NEWS_CATEGORY.DEFAULT,
    title: 'Mengenal jam cut-off harian 23:45–00:15 WIB',
    cover: { label: 'Cut-off', from: '#495057', to: '#212529' },
    daysAgo: 12,
    konten: `<p>Setiap malam pukul <strong>23:45 sampai 00:15 WIB</strong> sistem melakukan tutup buku harian. Selama jam cut-off, transaksi tertentu tidak dapat dilakukan dan akan ditolak dengan pesan cut-off.</p>
<ul>
<li>Transaksi yang sudah berstatus <em>PROCESS</em> sebelum cut-off tetap diselesaikan.</li>
<li>Sisa dana deposit nominal unik dikembalikan otomatis pukul 23:30 WIB.</li>
<li>Laporan harian memakai tanggal WIB, sehingga transaksi setelah 00:00 masuk ke tanggal berikutnya.</li>
</ul>`,
  },
  {
    slug: 'keamanan-client-secret',
    category: NEWS_CATEGORY.DEFAULT,
    title: 'Tips keamanan: lindungi client secret, signature, dan PIN transaksi Anda',
    cover: { label: 'Keamanan', from: '#e03131', to: '#c2255c' },
    daysAgo: 16,
    konten: `<p>Kredensial server adalah kunci ke saldo Anda. Beberapa langkah sederhana untuk menjaganya:</p>
<ol>
<li>Simpan <strong>client secret</strong> hanya di server, jangan di aplikasi mobile atau kode front-end.</li>
<li>Aktifkan <strong>IP whitelist</strong> dan daftarkan hanya alamat server produksi Anda.</li>
<li>Gunakan <strong>signature</strong> pada setiap request dan verifikasi signature callback dari kami.</li>
<li>Ganti PIN transaksi secara berkala dan jangan pernah membagikan kode OTP kepada siapa pun, termasuk staf kami.</li>
</ol>
<p>Curiga kredensial bocor? Buat ulang client secret dari menu <em>Kredensial Server</em> dan hubungi tim dukungan.</p>`,
  },
  {
    slug: 'ewallet-disbursement',
    category: NEWS_CATEGORY.DEFAULT,
    title: 'Kirim dana langsung ke OVO, GoPay, DANA, ShopeePay, dan LinkAja',
    cover: { label: 'E-money', from: '#7048e8', to: '#4263eb' },
    daysAgo: 21,
    konten: `<p>Selain rekening bank, disbursement kini dapat dikirim langsung ke <strong>dompet digital</strong> pelanggan Anda. Cukup pilih produk e-wallet dan masukkan nomor ponsel terdaftar.</p>
<p>Nama pemilik akun ditampilkan sebelum Anda mengonfirmasi, sehingga kesalahan kirim dapat dihindari. Transaksi e-money tampil terpisah di grafik dashboard.</p>`,
  },
  {
    slug: 'agen-tarik-tunai-indomaret',
    category: NEWS_CATEGORY.GROUP_1,
    title: 'Program agen: tarik tunai di Indomaret untuk pelanggan Anda',
    cover: { label: 'Tarik Tunai', from: '#f59f00', to: '#f76707' },
    daysAgo: 3,
    konten: `<p>Agen kini dapat membuat <strong>kode pengambilan</strong> tarik tunai yang bisa diambil pelanggan di gerai Indomaret terdekat. Kode berlaku 24 jam dan dapat dibatalkan selama belum diambil.</p>
<p>Komisi tarik tunai dihitung per transaksi sukses dan tampil di laporan harian Anda.</p>`,
  },
  {
    slug: 'agen-pemeliharaan-bri',
    category: NEWS_CATEGORY.GROUP_1,
    title: 'Jadwal pemeliharaan jaringan BRI akhir pekan ini',
    cover: { label: 'BRI', from: '#1971c2', to: '#1864ab' },
    daysAgo: 5,
    konten: `<p>BRI melakukan peningkatan jaringan pada <strong>Sabtu pukul 23.00 hingga Minggu 03.00 WIB</strong>. Transfer ke rekening BRI akan diantrikan dan diproses setelah pemeliharaan selesai.</p>`,
  },
  {
    slug: 'agen-panduan-va',
    category: NEWS_CATEGORY.GROUP_1,
    title: 'Panduan singkat menerima pembayaran lewat virtual account',
    cover: { label: 'Panduan VA', from: '#0ca678', to: '#087f5b' },
    daysAgo: 10,
    konten: `<p>Virtual account memudahkan pelanggan membayar dari ATM, mobile banking, atau internet banking. Buat VA dari menu <em>Virtual Account</em>, bagikan nomornya, dan pembayaran akan tercatat otomatis.</p>`,
  },
];

export async function seedNews(db: Kysely<Database>, now: Date): Promise<void> {
  const dayMs = 24 * 60 * 60 * 1000;
  for (const article of ARTICLES) {
    const at = new Date(now.getTime() - article.daysAgo * dayMs);
    await db
      .insertInto('news_articles')
      .values({
        slug: article.slug,
        category_id: article.category,
        title: article.title,
        foto: coverImage(article.cover.label, article.cover.from, article.cover.to),
        konten: article.konten,
        published_at: at,
        updated_at: at,
      })
      .onConflict((oc) => oc.column('slug').doNothing())
      .execute();
  }
}
